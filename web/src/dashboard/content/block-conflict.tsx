import { buttonClass } from '../../components/ui/button';

// After a block's save was refused because someone else saved it meanwhile (409): what was
// typed stays in the form; the executive loads the stored words (theirs) or saves over them.

export function BlockConflictActions({
  onLoadStored,
  onSaveOver,
}: {
  onLoadStored: () => void;
  onSaveOver: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" onClick={onLoadStored} className={buttonClass('secondary', 'sm')}>
        Load the saved version
      </button>
      <button type="button" onClick={onSaveOver} className={buttonClass('ghost', 'sm')}>
        Save mine over it
      </button>
    </div>
  );
}
