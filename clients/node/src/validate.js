'use strict';
/**
 * Requests checked against the proto before they are sent, so that a misspelt name fails in
 * the caller's hands instead of travelling as a default: @grpc/proto-loader would silently
 * send an unknown enum name (`dealMode: 'recordd'`) as 0 and drop an unknown field
 * (`expectedSequnce`).
 *
 * - An enum field takes its full name (`'DEAL_MODE_RECORDED'`) or a number the enum has;
 *   anything else is a RangeError naming the field and listing every known name. The message
 *   builders (messages.js) and the method arguments that take a name (`game`, `format`,
 *   `entry`) also accept the short forms (`'recorded'`, `'razz'`, `'phh'`) and turn them into
 *   the full name first, as the Python client does.
 * - A field name the message does not have is a TypeError listing the message's fields.
 * - The enums and fields come from the loaded protos, so a value added to the contract (a new
 *   Game) is known without any change here.
 */
const protobuf = require('protobufjs');

/** The names of `enumType` a caller may send (every name but `*_UNSPECIFIED`). */
function knownNames(enumType) {
  return Object.keys(enumType.values).filter((name) => !name.endsWith('_UNSPECIFIED'));
}

/**
 * The full name of `value` in `enumType`: a full name or a number as is; with `lenient`, also
 * the name without its prefix, in any case, `-` or space for `_` (`'recorded'`, `'no-limit'`).
 *
 * @param {protobuf.Enum} enumType
 * @param {string|number} value
 * @param {object} [options]
 * @param {string} [options.where] the field's path, for the message (`settings.dealMode`).
 * @param {boolean} [options.lenient=false] accept the short forms.
 * @returns {string|number} the full name, or the number given.
 * @throws {RangeError} a name or number the enum does not have, listing the known names.
 */
function enumValue(enumType, value, { where = '', lenient = false } = {}) {
  if (typeof value === 'number' && Number.isInteger(value)) {
    if (Object.values(enumType.values).includes(value)) return value;
  } else if (typeof value === 'string') {
    if (Object.hasOwn(enumType.values, value)) return value;
    if (lenient) {
      const name = value.trim().toUpperCase().replace(/[- ]/g, '_');
      const prefix = enumPrefix(enumType);
      for (const candidate of [name, prefix + name]) {
        if (Object.hasOwn(enumType.values, candidate)) return candidate;
      }
    }
  }
  const field = where ? `${where}: ` : '';
  const shown = typeof value === 'string' ? `'${value}'` : String(value);
  const forms = lenient ? ' (the prefix may be left out, any case)' : '';
  throw new RangeError(
    `${field}unknown ${enumType.fullName.replace(/^\./, '')} ${shown}; known${forms}: `
    + `${knownNames(enumType).join(', ')}`,
  );
}

/** `GAME_` for Game: the common prefix of the enum's value names (from `*_UNSPECIFIED`). */
function enumPrefix(enumType) {
  const unspecified = Object.keys(enumType.values).find((name) => name.endsWith('_UNSPECIFIED'));
  return unspecified ? unspecified.slice(0, -'UNSPECIFIED'.length) : '';
}

/**
 * `request` with every enum checked, recursively, for the message type `type`.
 *
 * @param {protobuf.Type} type the request's message type.
 * @param {object} request a plain object in the proto-loader shape (lowerCamelCase fields).
 * @param {string} [where] the path so far, for messages.
 * @returns {object} `request` itself (unchanged: the check only reads it).
 * @throws {RangeError} an unknown enum name or number (known names listed).
 * @throws {TypeError} a field the message does not have, or a message given as a non-object.
 */
function checkMessage(type, request, where = '') {
  if (request === null || request === undefined) return request;
  if (typeof request !== 'object' || Array.isArray(request) || Buffer.isBuffer(request)) {
    throw new TypeError(`${where || type.name} must be a ${type.fullName.replace(/^\./, '')} object`);
  }
  for (const [key, value] of Object.entries(request)) {
    const field = type.fields[key];
    if (field === undefined) {
      if (type.oneofs && Object.hasOwn(type.oneofs, key)) continue; // the virtual oneof case
      if (value === undefined) continue;
      const fields = Object.keys(type.fields).join(', ');
      throw new TypeError(
        `${join(where, key)}: ${type.fullName.replace(/^\./, '')} has no field '${key}'; `
        + `fields: ${fields}`,
      );
    }
    if (value === null || value === undefined) continue;
    field.resolve();
    const path = join(where, key);
    if (field.repeated) {
      if (!Array.isArray(value)) throw new TypeError(`${path} must be an array`);
      value.forEach((item, index) => checkValue(field, item, `${path}[${index}]`));
    } else if (field.map) {
      for (const [mapKey, item] of Object.entries(value)) checkValue(field, item, `${path}.${mapKey}`);
    } else {
      checkValue(field, value, path);
    }
  }
  return request;
}

function checkValue(field, value, path) {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Enum) enumValue(resolved, value, { where: path });
  else if (resolved instanceof protobuf.Type && !resolved.fullName.startsWith('.google.protobuf.')) {
    checkMessage(resolved, value, path);
  }
}

function join(where, key) {
  return where ? `${where}.${key}` : key;
}

module.exports = { checkMessage, enumPrefix, enumValue, knownNames };
