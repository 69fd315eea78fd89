// The TV says what happened aloud, for a player who cannot read it from the sofa: the browser's
// speech synthesis, in the TV's language. Off until the toggle in the TV's corner turns it on
// (remembered by this browser). It is given only what the TV shows (live.js's narrator, with
// the TV's public view: the moves' first lines as in its ticker, a pause, who is away, the end).

import { currentLang } from './i18n.js';

const STORE_KEY = 'tictac.speech';

export function speechOn() {
  try { return localStorage.getItem(STORE_KEY) === 'on'; } catch { return false; }
}

function setSpeech(on) {
  try { localStorage.setItem(STORE_KEY, on ? 'on' : 'off'); } catch { /* private mode */ }
}

// Says `line` aloud after what is being said, when speech is on and the browser can speak.
export function speak(line) {
  if (!line || !speechOn() || !window.speechSynthesis) return;
  const utterance = new SpeechSynthesisUtterance(line);
  utterance.lang = currentLang();
  window.speechSynthesis.speak(utterance);
}

// The toggle: pressed while the TV speaks; turning it off stops what it was saying.
export function speechButton(label) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'speak';
  button.textContent = label;
  const paint = () => button.setAttribute('aria-pressed', String(speechOn()));
  button.addEventListener('click', () => {
    setSpeech(!speechOn());
    if (!speechOn() && window.speechSynthesis) window.speechSynthesis.cancel();
    paint();
  });
  paint();
  return button;
}
