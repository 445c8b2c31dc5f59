'use strict';
/**
 * Builders for the messages a terminal sends most (plain objects in the proto-loader shape:
 * lowerCamelCase fields, enums by name) and game-name aliases.
 *
 * Enum names are checked against the loaded protos (validate.js): a builder takes the full
 * name, the name without its prefix in any case (`'recorded'`, `'no_limit'`) or the number,
 * and throws a RangeError listing the known names for anything else.
 */
const { loadFloormanRoot } = require('./proto');
const { enumPrefix, enumValue } = require('./validate');

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

/** The floorman.v1 enum `name` (`'DealMode'`) of the package's protos. */
function enumType(name) {
  return loadFloormanRoot().lookupEnum(`floorman.v1.${name}`);
}

/**
 * The full name of `value` in the floorman.v1 enum `name`: `enumOf('DealMode', 'recorded')`
 * -> `'DEAL_MODE_RECORDED'`; a known number passes through; `undefined` / `null` too.
 *
 * @param {string} name the enum's name in floorman.v1 (`'Game'`, `'ActionType'`).
 * @param {string|number} value
 * @param {string} [where] the field, for the message.
 * @throws {RangeError} a name or number the enum does not have, listing the known names.
 */
function enumOf(name, value, where = '') {
  if (value === undefined || value === null) return value;
  return enumValue(enumType(name), value, { where, lenient: true });
}

/**
 * An enum name with its prefix: `enumName('ACTION_TYPE_', 'raise')` -> `'ACTION_TYPE_RAISE'`
 * (the enum is the floorman.v1 one whose names start with `prefix`).
 *
 * @throws {RangeError} a name or number that enum does not have, listing the known names.
 */
function enumName(prefix, value) {
  const namespace = loadFloormanRoot().lookup('floorman.v1');
  const found = namespace.nestedArray.find((item) => item.values && enumPrefix(item) === prefix);
  if (found === undefined) throw new RangeError(`no floorman.v1 enum has the prefix ${prefix}`);
  return enumValue(found, value, { lenient: true });
}

/** A Game: `'razz'`, `'stud8'`, `'GAME_RAZZ'`, `'seven_card_stud'` or the number. */
function gameName(value) {
  if (typeof value === 'string' && GAME_ALIASES[value.trim().toLowerCase()]) {
    return GAME_ALIASES[value.trim().toLowerCase()];
  }
  return enumOf('Game', value, 'game');
}

function cardList(cards) {
  return typeof cards === 'string' ? cards.split(/\s+/).filter(Boolean) : [...cards];
}

/**
 * An Action: `action('raise', { seat: 2, amount: 40 })` (a "raise to" total in minor units),
 * `action('draw', { seat: 3, cards: 'Kc 7d' })` (the discards).
 */
function action(type, { seat, amount = 0, cards = [] }) {
  return { seat, type: enumOf('ActionType', type, 'type'), amount, cards: cardList(cards) };
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

/** Short names of the named rotations (RULES.md "Mixed games"). */
const ROTATION_ALIASES = {
  horse: 'ROTATION_HORSE',
  '8-game': 'ROTATION_EIGHT_GAME',
  '8game': 'ROTATION_EIGHT_GAME',
  eight_game: 'ROTATION_EIGHT_GAME',
};

const STAKE_FIELDS = ['smallBet', 'bigBet', 'ante', 'bringIn', 'smallBlind', 'bigBlind',
  'wholeUnit', 'oddChipUnit', 'straddle', 'bigBlindAnte'];

/**
 * A mixed table's RotationEntry: `rotationEntry('holdem', { bettingStructure: 'no_limit',
 * smallBlind: 5, bigBlind: 10 })`; no Stakes field: the table's stakes.
 */
function rotationEntry(game, { bettingStructure, ...stakes } = {}) {
  const entry = { game: gameName(game) };
  if (bettingStructure !== undefined) {
    entry.bettingStructure = enumName('BETTING_STRUCTURE_', bettingStructure);
  }
  if (Object.keys(stakes).length) entry.stakes = stakes;
  return entry;
}

/**
 * A GameRotation: a named one (`'horse'`, `'8-game'`, `'ROTATION_HORSE'`), or a list of
 * entries (RotationEntry objects, or `[game, options]` pairs for `rotationEntry`) played in
 * order, or with `dealersChoice: true` the list the button chooses from.
 */
function gameRotation(rotation, { dealersChoice = false } = {}) {
  if (typeof rotation === 'string' || typeof rotation === 'number') {
    if (dealersChoice) throw new Error("dealer's choice takes a list of entries");
    const alias = typeof rotation === 'string' ? ROTATION_ALIASES[rotation.trim().toLowerCase()] : undefined;
    return { named: alias || enumName('ROTATION_', rotation) };
  }
  if (!Array.isArray(rotation)) return rotation; // a GameRotation object as is
  const entries = rotation.map((item) => (Array.isArray(item) ? rotationEntry(...item) : item));
  return dealersChoice ? { dealersChoice: { entries } } : { custom: { entries } };
}

/**
 * TableSettings for a fixed-limit table: `tableSettings('draw', { smallBet: 20,
 * dealMode: 'recorded' })`; any Stakes field (`ante`, `bringIn`, `bigBet` ...) or
 * TableSettings field (`maxSeats`, `rake`, `bettingStructure: 'no_limit'`) by name. A mixed
 * table: `tableSettings(null, { smallBet: 20, ante: 5, rotation: 'horse' })`, or a list of
 * entries (see `gameRotation`; `dealersChoice: true` for dealer's choice).
 */
function tableSettings(game, { smallBet, name = '', dealMode, buttonRule, bettingStructure,
  rotation, dealersChoice = false, ...rest }) {
  const stakes = { smallBet };
  const settings = { name };
  if (game !== null && game !== undefined) settings.game = gameName(game);
  for (const [key, value] of Object.entries(rest)) {
    if (STAKE_FIELDS.includes(key)) stakes[key] = value;
    else settings[key] = value;
  }
  if (dealMode !== undefined) settings.dealMode = enumOf('DealMode', dealMode, 'dealMode');
  if (buttonRule !== undefined) settings.buttonRule = enumOf('ButtonRule', buttonRule, 'buttonRule');
  if (bettingStructure !== undefined) {
    settings.bettingStructure = enumOf('BettingStructure', bettingStructure, 'bettingStructure');
  }
  if (rotation !== undefined) settings.rotation = gameRotation(rotation, { dealersChoice });
  return { ...settings, stakes };
}

module.exports = {
  GAME_ALIASES, ROTATION_ALIASES, action, deal, enumName, enumOf, gameName, gameRotation,
  rotationEntry, tableSettings, toHistory,
};
