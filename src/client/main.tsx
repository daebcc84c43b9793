import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createStore } from './app/store';
import { portalConfig } from './config';
import './styles.css';

const { store, persistor } = createStore();
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App store={store} persistor={persistor} basename={portalConfig().routerBase} />
    </StrictMode>,
  );
}
