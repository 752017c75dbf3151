/**
 * Makes user text show literally in Discord: no bold, links, headings, spoilers or mentions.
 * Core cannot import discord.js (whose `escapeMarkdown` does this), so this is the one pure
 * version for every builder. Discord's markdown treats a backslash before any ASCII punctuation
 * as "show this character", so escaping a fixed set is safe anywhere in the text; `<` is
 * escaped so `<@id>`, `<#id>`, `<t:…>` and custom emoji stay text, and a leading `1.` so it is
 * not a list. The result is at most twice as long as the input.
 */
const MARKDOWN_CHARACTERS = /[\\*_~`|<>#\-[\]()]/g;
const ORDERED_LIST_START = /^(\s*\d+)\./gm;

export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_CHARACTERS, '\\$&').replace(ORDERED_LIST_START, '$1\\.');
}
