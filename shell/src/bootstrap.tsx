import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { makeQueryClient, ROUTER_FUTURE } from '@studio/shared';
import { ShellApp } from './shell-app';

const queryClient = makeQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter future={ROUTER_FUTURE}>
        <ShellApp />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
