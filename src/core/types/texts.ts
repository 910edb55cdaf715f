/**
 * Where the modal's texts register their keys. The core names a text by its key, never by its
 * English: `ui/i18n/en.ts` adds `{ key: MessageKey }` here (declaration merging), so a key the
 * core writes that English does not have fails to compile, while the core itself knows no text.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by ui/i18n/en.ts
export interface TextRegister {}

/** A key of the modal's texts (`ui/i18n/en.ts`). */
export type TextKey = TextRegister extends { key: infer K extends string } ? K : string

/** Values for a text's `{name}` placeholders. */
export type TextValues = Readonly<Record<string, string | number>>

/** A text of the modal, by its key and the values of its placeholders. */
export type TextRef = { readonly key: TextKey; readonly values?: TextValues | undefined }
