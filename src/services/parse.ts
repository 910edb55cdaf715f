/** The shape checks of service answers live in core (storage is parsed with them too). */
export * from '../core/utils/parse.js'
