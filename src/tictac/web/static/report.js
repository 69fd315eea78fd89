// The report control: a small flag beside a name, a chat line, a written name or the room's
// deck that sends it to the server's admin (POST /api/rooms/CODE/reports; the server keeps the
// text as the room showed it). A first tap asks, a second one sends: a stray tap reports nothing.

import { button, toast } from './dom.js';
import { t } from './i18n.js';
import { errorText } from './errors.js';

// `what`: name, chat, written or deck; `text`: as shown; `label`: what a screen reader hears.
// None where nothing can be reported from (a replay, a TV's screen: no place's token).
export function reportButton(ctx, what, text, label) {
  if (!ctx.report) return null;
  let asking = false;
  const flag = button('⚑', async () => {
    if (!asking) {
      asking = true;
      flag.textContent = t('report.confirm');
      flag.classList.add('asking');
      return;
    }
    flag.disabled = true;
    try {
      await ctx.report(what, text);
      flag.textContent = t('report.sent');
      toast(t('report.thanks'), 'info');
    } catch (error) {
      flag.textContent = '⚑';
      flag.disabled = false;
      toast(errorText(error));
    }
    asking = false;
    flag.classList.remove('asking');
  }, { class: 'small report', title: label, 'aria-label': label, 'data-report': what });
  return flag;
}
