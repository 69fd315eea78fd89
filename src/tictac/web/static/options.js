// A form control for each game option, labelled and explained in one line (from the catalog when
// it has the option, else the game's own English help).

import { h } from './dom.js';
import { has, t, currentLang, LANGS } from './i18n.js';

export function optionLabel(game, name) {
  const key = `opt.${game}.${name}`;
  return has(key) ? t(key) : name.replace(/_/g, ' ');
}

export function optionHelp(game, option) {
  const key = `opt.${game}.${option.name}.help`;
  return has(key) ? t(key) : option.help || '';
}

export function choiceLabel(game, name, choice) {
  const key = `opt.${game}.${name}.${choice}`;
  return has(key) ? t(key) : String(choice);
}

// `names`: the seated players' names, by seat, for an option whose choices are seats.
export function showValue(game, option, value, names = null) {
  if (option.kind === 'bool') return value === null || value === undefined ? t('common.auto') : value ? t('common.yes') : t('common.no');
  if (option.kind === 'choice') return seatLabel(option, names, value) ?? choiceLabel(game, option.name, value);
  if (value === null || value === undefined) return '—';
  return String(value);
}

// Options whose value is a list or an object (teams, a shared deck) are set by their own screens.
export function editable(option) {
  return option.kind !== 'list' && option.kind !== 'object';
}

// The label of a seat's number among an option's choices (`seats`): the seat and its player.
function seatLabel(option, names, choice) {
  if (!option.seats || !names || typeof choice !== 'number' || choice >= names.length) return null;
  return t('common.seat_named', { n: choice + 1, name: names[choice] });
}

// The choices offered, each [value, label or null]: of an option whose numbers are seats, only
// the seats there are (and the value held, if it is another: the host sees what start refuses).
function seatChoices(option, names, value) {
  const offered = option.seats && names
    ? option.choices.filter((choice) => typeof choice !== 'number' || choice < names.length || choice === value)
    : option.choices;
  return offered.map((choice) => [choice, seatLabel(option, names, choice)]);
}

// An option's default in the reader's language: a choice whose default names a language
// ("fr") or starts with one ("fr-personalities") takes the reader's own when the game offers
// it ("en", "en-personalities"), so a room created from an English browser plays in English.
export function localDefault(option, lang = currentLang()) {
  if (option.kind !== 'choice' || typeof option.default !== 'string') return option.default;
  const [head, ...rest] = option.default.split('-');
  if (!LANGS.includes(head)) return option.default;
  const local = [lang, ...rest].join('-');
  return option.choices.includes(local) ? local : option.default;
}

// Each option's value in the reader's language (`localDefault`), for a new room's request.
export function localDefaults(options, lang = currentLang()) {
  return Object.fromEntries(options.map((option) => [option.name, localDefault(option, lang)])
    .filter(([name, value]) => value !== options.find((option) => option.name === name).default));
}

// Returns {element, read()}; onChange(name, value) fires on every change when given. `seats`:
// the seated players' names, by seat (the lobby's), for an option whose choices are seats.
export function optionsForm(game, options, values, { idPrefix = 'opt', onChange, disabled = false, seats = null } = {}) {
  const readers = {};
  const rows = options.filter(editable).map((option) => {
    const id = `${idPrefix}-${option.name}`;
    const helpId = `${id}-help`;
    const value = values && option.name in values ? values[option.name] : localDefault(option);
    let control;
    if (option.kind === 'bool' && option.default === null) {
      // A yes/no whose default depends on other options: "automatic" keeps it null.
      const current = value === null || value === undefined ? '' : String(value);
      control = h('select', { id, disabled, 'aria-describedby': helpId },
        [['', t('common.auto')], ['true', t('common.yes')], ['false', t('common.no')]].map(([v, label]) => h('option', { value: v, selected: v === current }, label)));
      readers[option.name] = () => (control.value === '' ? null : control.value === 'true');
    } else if (option.kind === 'bool') {
      control = h('input', { type: 'checkbox', id, checked: value, disabled, 'aria-describedby': helpId });
      readers[option.name] = () => control.checked;
    } else if (option.kind === 'choice') {
      control = h('select', { id, disabled, 'aria-describedby': helpId },
        seatChoices(option, seats, value).map(([choice, label]) => h('option', { value: String(choice), selected: choice === value },
          label ?? choiceLabel(game, option.name, choice))));
      readers[option.name] = () => option.choices.find((choice) => String(choice) === control.value);
    } else {
      control = h('input', {
        type: 'number', id, value: value ?? '', disabled, inputmode: 'numeric',
        min: option.low ?? null, max: option.high ?? null, step: option.step ?? 1,
        'aria-describedby': helpId,
      });
      readers[option.name] = () => (control.value === '' ? option.default : Number(control.value));
    }
    if (onChange) control.addEventListener('change', () => onChange(option.name, readers[option.name]()));
    return h('div', { class: ['option', `kind-${option.kind}`] },
      h('label', { for: id, text: optionLabel(game, option.name) }),
      control,
      h('p', { class: 'help', id: helpId, text: optionHelp(game, option) }));
  });
  const element = h('div', { class: 'options' }, rows);
  const read = () => Object.fromEntries(Object.entries(readers).map(([name, reader]) => [name, reader()]));
  return { element, read };
}
