import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createStore } from './app/store';
import { portalConfig } from './config';
import './styles.css';

const { store, persistor } = createStore();
const container = document.getElementById('root');
if (container) {
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
