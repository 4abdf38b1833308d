// Standalone mode only (webpack serve on :4202). Inside the shell, the shell provides the router
// and the query cache and renders ./app under /admin/*.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { makeQueryClient, ROUTER_FUTURE } from '@studio/shared';
import App from './app';
import { DevLogin } from './dev/dev-login';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={makeQueryClient()}>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Routes>
          <Route path="/admin/*" element={<App />} />
          <Route
            path="/auth"
            element={
              <AntApp>
                <DevLogin />
              </AntApp>
            }
          />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
