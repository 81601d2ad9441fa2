import { captureFirstPaint, prepareSession, store } from '@concert/shared/browser';
import { Provider } from 'jotai';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@concert/shared/router';
import { App } from './app/app.js';
import './app/styles.css';
import { preloadVisitorScreen } from './lib/remotes.js';
import { seedFromBootData } from './lib/use-copy-loader.js';
import { reportGlobalErrors } from './lib/error-reporting.js';
import { startFlowResume } from './features/flow-resume/flow-resume.js';

reportGlobalErrors();
seedFromBootData();
const { resuming } = startFlowResume();

// A visitor's session costs a proof of work: it is solved while the start page is read, after
// the page has settled, and the first call (register, at the click) opens the session with it,
// so the ticket button answers at once. Staff pages need none, nor a page that takes over a
// session from the BankID app's return (a new one would replace it).
if (!location.pathname.startsWith('/admin') && !resuming) {
  const solveSession = () => prepareSession();
  if ('requestIdleCallback' in window) requestIdleCallback(solveSession, { timeout: 3000 });
  else setTimeout(solveSession, 1000);
}

// The page is already painted from HTML: React's first render may yield to the browser
// (a transition is rendered in slices) instead of blocking it in one long task.
const root = createRoot(document.getElementById('root')!);
const render = () =>
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

// Over a painted page, the first render waits for the screen's own code: React then replaces the
// server's markup once, with the screen itself, instead of first with a copy of it (the loading
// placeholder) and then again with the screen. Its controls say they are not ready meanwhile.
if (captureFirstPaint()) void preloadVisitorScreen(location.pathname).then(render);
else render();
