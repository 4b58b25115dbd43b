import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The kit's styles first, so that a screen's own rules come later and win at equal specificity.
import './styles/tokens.css';
import './styles/base.css';
import './ui/controls.css';
import './ui/feedback.css';
import './ui/overlays.css';
import './ui/media.css';
import { App } from './app/App.tsx';
import { LanguageProvider, loadStartLocale } from './i18n/LanguageProvider.tsx';
import { askAppInfoEarly } from './stores/appInfoStore.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

// The host is asked about itself now: the bridge connects while the language's catalog arrives and
// React renders the loading screen, whose first words are already in that language.
askAppInfoEarly();
void loadStartLocale().then(() =>
  createRoot(container).render(
    <StrictMode>
      <LanguageProvider>
        <App />
      </LanguageProvider>
    </StrictMode>,
  ),
);
