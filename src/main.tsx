import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n/i18n';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

await initI18n();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
