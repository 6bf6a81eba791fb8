// The theme button: follow the system, light or dark, remembered in local
// storage. The colours themselves are style.css's `light-dark()` pairs;
// this only sets `data-theme` on the root element.

import { $ } from './dom.js';

const THEMES = ['auto', 'light', 'dark'];
const KEY = 'fdoku-theme';

/** The remembered theme ('auto' when none, or when storage is off). */
export function savedTheme() {
  let theme = 'auto';
  try { theme = localStorage.getItem(KEY) || 'auto'; } catch { /* storage is off (private mode) */ }
  return THEMES.includes(theme) ? theme : 'auto';
}

/** Shows and remembers a theme. */
export function applyTheme(theme) {
  if (theme === 'auto') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.dataset.theme = theme;
  const b = $('theme-toggle');
  b.textContent = { auto: '◐ Auto', light: '☀ Light', dark: '☾ Dark' }[theme];
  b.setAttribute('aria-label', `Theme: ${theme === 'auto' ? 'follow the system' : theme}; press to change`);
  try { localStorage.setItem(KEY, theme); } catch { /* storage is off (private mode) */ }
}

/** The next theme: auto, light, dark, auto… */
export function cycleTheme() {
  applyTheme(THEMES[(THEMES.indexOf(savedTheme()) + 1) % THEMES.length]);
}
