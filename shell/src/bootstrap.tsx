import { captureFirstPaint, store } from '@concert/shared/browser';
import { Provider } from 'jotai';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@concert/shared/router';
import { App } from './app/app.js';
import './app/styles.css';
import { seedFromBootData } from './lib/use-copy-loader.js';
import { reportGlobalErrors } from './lib/error-reporting.js';

reportGlobalErrors();
seedFromBootData();
captureFirstPaint();

// The page is already painted from HTML: React's first render may yield to the browser
// (a transition is rendered in slices) instead of blocking it in one long task.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  ),
);
