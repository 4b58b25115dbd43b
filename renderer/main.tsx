// The kit's styles first, so that a screen's own rules come later and win at equal specificity.
import './styles/tokens.css';
import './styles/base.css';
import './ui/controls.css';
import './ui/feedback.css';
import './ui/overlays.css';
import './ui/media.css';
import './app/app.css';
import { startEarly } from './app/earlyStart.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = container;

// The page's first script is small: it starts the bridge and the first reads (app/earlyStart.ts),
// then loads the app, whose code the page has been fetching beside it (electron/core/app/startScreenPage.ts).
startEarly();
import('./app/mountApp.tsx').then(
  ({ mountApp }) => mountApp(root),
  () => showCodeMissing(root),
);

/**
 * The app's code did not arrive (a damaged install, a build replaced under a running host, a
 * browser that dropped the request): the window says so, with the way out, instead of staying blank.
 */
function showCodeMissing(into: HTMLElement): void {
  const title = document.createElement('h1');
  title.textContent = 'Cast Studio could not load';
  const text = document.createElement('p');
  text.textContent =
    'Part of the app’s code did not arrive. Reload the window; if it happens again, reinstall Cast Studio. Your library and your queued work are not touched.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button button-primary';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => window.location.reload());
  const panel = document.createElement('div');
  panel.className = 'app-loading-error';
  panel.append(title, text, reload);
  const page = document.createElement('div');
  page.className = 'app-loading';
  page.setAttribute('role', 'alert');
  page.append(panel);
  into.replaceChildren(page);
}
