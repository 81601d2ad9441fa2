import { captureFirstPaint, store } from '@concert/shared/browser';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@concert/shared/router';
import { App } from './app/app.js';
import './app/styles.css';
import { seedFromBootData } from './lib/use-copy-loader.js';
import { reportGlobalErrors } from './lib/error-reporting.js';

reportGlobalErrors();
seedFromBootData();
captureFirstPaint();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
