import { isIconName } from '../../../../core/site/icons';
import { Icon } from '../icon';

/** Icons in stored profiles are plain strings; an unknown name falls back to a neutral one. */
export function ContentIcon({ name, className }: { name: string; className?: string }) {
  return <Icon name={isIconName(name) ? name : 'sparkles'} className={className} />;
}
