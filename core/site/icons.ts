// Icons are names, not components, so core stays free of React; the web maps each name to an
// inline SVG and TypeScript makes sure every name used in content has a drawing.
export const ICON_NAMES = [
  'palette',
  'shirt',
  'car',
  'discord',
  'bot',
  'crown',
  'users',
  'star',
  'clock',
  'shield',
  'check',
  'sparkles',
  'smile',
  'camera',
  'image',
  'server',
  'code',
  'zap',
  'trophy',
  'heart',
  'message',
  'credit-card',
  'file',
  'lock',
  'rocket',
  'gift',
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export function isIconName(value: string): value is IconName {
  return (ICON_NAMES as readonly string[]).includes(value);
}
