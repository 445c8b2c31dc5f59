'use strict';
/**
 * Builders for the messages a terminal sends most (plain objects in the proto-loader shape:
 * lowerCamelCase fields, enums by name) and game-name aliases.
 */

/** Short game names (those of `floorman eval --game`). */
const GAME_ALIASES = Object.freeze({
  draw7a: 'GAME_FIVE_CARD_DRAW_7A',
  draw: 'GAME_FIVE_CARD_DRAW',
  stud: 'GAME_SEVEN_CARD_STUD',
  razz: 'GAME_RAZZ',
  stud8: 'GAME_SEVEN_CARD_STUD_HI_LO',
  studhilo: 'GAME_SEVEN_CARD_STUD_HI_LO',
  'stud-hi-lo': 'GAME_SEVEN_CARD_STUD_HI_LO',
  stud5: 'GAME_FIVE_CARD_STUD',
  holdem: 'GAME_TEXAS_HOLDEM',
  nlhe: 'GAME_TEXAS_HOLDEM',
  omaha: 'GAME_OMAHA',
  plo: 'GAME_OMAHA',
  omaha8: 'GAME_OMAHA_HI_LO',
  'omaha-hi-lo': 'GAME_OMAHA_HI_LO',
  omaha5: 'GAME_FIVE_CARD_OMAHA',
  plo5: 'GAME_FIVE_CARD_OMAHA',
  'omaha5-8': 'GAME_FIVE_CARD_OMAHA_HI_LO',
  bigo: 'GAME_FIVE_CARD_OMAHA_HI_LO',
  shortdeck: 'GAME_SHORT_DECK_HOLDEM',
  'short-deck': 'GAME_SHORT_DECK_HOLDEM',
  '27sd': 'GAME_DEUCE_TO_SEVEN_SINGLE_DRAW',
  '2-7-single': 'GAME_DEUCE_TO_SEVEN_SINGLE_DRAW',
  '27td': 'GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW',
  '2-7-triple': 'GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW',
  a5td: 'GAME_ACE_TO_FIVE_TRIPLE_DRAW',
  'a-5-triple': 'GAME_ACE_TO_FIVE_TRIPLE_DRAW',
  badugi: 'GAME_BADUGI',
});

/**
 * An enum name with its prefix: `enumName('ACTION_TYPE_', 'raise')` -> `'ACTION_TYPE_RAISE'`;
 * a number or a prefixed name passes through (the service validates it).
 */
function enumName(prefix, value) {
  if (typeof value === 'number') return value;
  const name = String(value).trim().toUpperCase().replace(/[- ]/g, '_');
  return name.startsWith(prefix) ? name : prefix + name;
}

/** A Game: `'razz'`, `'stud8'`, `'GAME_RAZZ'`, `'seven_card_stud'` or the number. */
function gameName(value) {
  if (typeof value === 'string' && GAME_ALIASES[value.trim().toLowerCase()]) {
    return GAME_ALIASES[value.trim().toLowerCase()];
  }
  return enumName('GAME_', value);
}

function cardList(cards) {
  return typeof cards === 'string' ? cards.split(/\s+/).filter(Boolean) : [...cards];
}

/**
 * An Action: `action('raise', { seat: 2, amount: 40 })` (a "raise to" total in minor units),
 * `action('draw', { seat: 3, cards: 'Kc 7d' })` (the discards).
 */
function action(type, { seat, amount = 0, cards = [] }) {
  return { seat, type: enumName('ACTION_TYPE_', type), amount, cards: cardList(cards) };
}

/** A Deal for DealCards: `deal(2, 'Ah Ad Kc Qs 7d')` (seat 0: a community card). */
function deal(seat, cards, { faceUp = false } = {}) {
  return { seat, cards: cardList(cards), faceUp };
}

/** HandEvents from Deals and Actions (an Action has a `type`; `{deal}` / `{action}` as is). */
function toHistory(items) {
  return items.map((item) => {
    if (item.deal || item.action) return item;
    return 'type' in item ? { action: item } : { deal: item };
  });
}

/**
 * TableSettings for a fixed-limit table: `tableSettings('draw', { smallBet: 20,
 * dealMode: 'recorded' })`; any Stakes field (`ante`, `bringIn`, `bigBet` ...) or
 * TableSettings field (`maxSeats`, `rake`, `bettingStructure: 'no_limit'`) by name.
 */
function tableSettings(game, { smallBet, name = '', dealMode, buttonRule, bettingStructure,
  ...rest }) {
  const stakeFields = ['bigBet', 'ante', 'bringIn', 'smallBlind', 'bigBlind', 'wholeUnit',
    'oddChipUnit'];
  const stakes = { smallBet };
  const settings = { name, game: gameName(game) };
  for (const [key, value] of Object.entries(rest)) {
    if (stakeFields.includes(key)) stakes[key] = value;
    else settings[key] = value;
  }
  if (dealMode !== undefined) settings.dealMode = enumName('DEAL_MODE_', dealMode);
  if (buttonRule !== undefined) settings.buttonRule = enumName('BUTTON_RULE_', buttonRule);
  if (bettingStructure !== undefined) {
    settings.bettingStructure = enumName('BETTING_STRUCTURE_', bettingStructure);
  }
  return { ...settings, stakes };
}

module.exports = { GAME_ALIASES, action, deal, enumName, gameName, tableSettings, toHistory };
