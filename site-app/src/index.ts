// Standalone development entry. An async boundary: shared singletons settle before app code runs.
void import('./bootstrap');
