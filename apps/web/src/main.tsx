// First: before any module builds a zod schema (see the module).
import '@/lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { APP_ERROR_MESSAGE } from '@/components/errors/app-error-fallback';
import { env } from '@/config/env';
import { registerServiceWorker } from '@/lib/service-worker';
import './styles/index.css';

const container = document.getElementById('root');

try {
  if (!container) throw new Error('The #root element is missing from index.html');
  const root = createRoot(container);
  // A transition renders the first screen in slices that yield to the browser, not in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
} catch (error) {
  console.error('The application failed to start', error);
  const target = container ?? document.body;
  const message = document.createElement('p');
  message.className = 'app-error';
  message.setAttribute('role', 'alert');
  message.textContent = APP_ERROR_MESSAGE;
  target.replaceChildren(message);
}

if (env.isProduction) registerServiceWorker();
