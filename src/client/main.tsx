import { StrictMode, startTransition } from 'react';
import { portalConfig } from './config';
import { startInspector } from './shared/inspect';
import './styles.css';

/** Lets the browser run what waits (input, painting, arriving responses) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * After the next frame is painted: what the gateway wrote into the root (the page's heading) shows
 * before the first step's task rather than after the portal's scripts. A hidden page paints no
 * frame: it waits 100 ms at most then.
 */
const nextPaint = () =>
  new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });

/**
 * The portal starts in steps, each its own task: React DOM's modules; Redux Toolkit's; the store's own
 * (the calls' definitions, the session's state); the store; the frame's modules; the first render.
 * Evaluated at once they made one task of about 130 ms (the longest of Lighthouse's corporate home,
 * counted in its total blocking time), during which a click or a key waited. The modules are in the
 * first load's files (`webpackMode: "eager"`): no request is added, only their evaluation is spread.
 */
async function start(container: HTMLElement) {
  if (container.firstElementChild) await nextPaint();
  if (process.env.NODE_ENV === 'development') await startInspector();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@reduxjs/toolkit/query/react');
  await nextTask();
  const { createStore, takeFirstAnswers } = await import(/* webpackMode: "eager" */ './app/store');
  await nextTask();
  const { store, persistor } = createStore();
  takeFirstAnswers(store);
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './app/App');
  await nextTask();
  const root = createRoot(container);
  // The first render in a transition: React yields to the browser between components instead of
  // holding the main thread until the whole tree is rendered.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App store={store} persistor={persistor} basename={portalConfig().routerBase} />
      </StrictMode>,
    ),
  );
}

const container = document.getElementById('root');
if (container) void start(container);
