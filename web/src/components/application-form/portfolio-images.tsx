import { type ChangeEvent, useRef, useState } from 'react';
import {
  ACCEPTED_IMAGE_TYPES,
  APPLICATION_MESSAGES,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
} from '../../../../core/applications';
import { buttonClass } from '../ui/button';
import { FieldError } from '../ui/field';
import { useToast } from '../ui/toast';
import { fieldId } from './field-controls';

export type PortfolioImage = { file: File; url: string };

const ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/** Picks up to 10 images under 5 MB, with thumbnails; the server checks the content again. */
export function PortfolioImages({
  images,
  onChange,
}: {
  images: PortfolioImage[];
  onChange: (images: PortfolioImage[]) => void;
}) {
  const toast = useToast();
  const id = fieldId('portfolioImages');
  const input = useRef<HTMLInputElement>(null);
  // Files refused for their type, named next to the picker until the next pick.
  const [error, setError] = useState<string | undefined>();

  function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    // Clear the input so picking the same file again still fires a change.
    event.target.value = '';
    const next = [...images];
    const unsupported: string[] = [];
    for (const file of picked) {
      if (next.length >= MAX_IMAGES) {
        toast(APPLICATION_MESSAGES.tooManyImages);
        break;
      }
      if (file.size >= MAX_IMAGE_BYTES) {
        toast(APPLICATION_MESSAGES.imageTooLarge);
        continue;
      }
      if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
        unsupported.push(file.name);
        continue;
      }
      next.push({ file, url: URL.createObjectURL(file) });
    }
    setError(
      unsupported.length > 0
        ? `${unsupported.join(', ')}: not added. Only PNG, JPEG, WebP or GIF images are accepted.`
        : undefined,
    );
    if (next.length !== images.length) onChange(next);
  }

  function remove(index: number) {
    const image = images[index];
    if (image) URL.revokeObjectURL(image.url);
    onChange(images.filter((_, i) => i !== index));
  }

  // The native input's own text ('No file chosen') would contradict the count once images
  // are added, so it is hidden and a button opens it; the count sits beside the button.
  const describedBy = [`${id}-hint`, `${id}-count`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="block p-0 font-medium">
        Portfolio Images <span className="text-sm font-normal text-muted">(optional)</span>
      </legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        Up to {MAX_IMAGES} images (PNG, JPEG, WebP or GIF), each less than 5MB.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          id={`${id}-button`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onClick={() => input.current?.click()}
          className={buttonClass('primary', 'sm')}
        >
          Choose images
        </button>
        <span id={`${id}-count`} className="text-sm text-muted" aria-live="polite">
          {images.length} of {MAX_IMAGES} added
        </span>
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT}
        multiple
        tabIndex={-1}
        aria-hidden="true"
        onChange={addFiles}
        className="sr-only"
      />
      {/* Always present, so the refusal is read out when it appears. */}
      <div aria-live="polite">
        <FieldError id={id} error={error} />
      </div>
      {images.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="Selected images">
          {images.map((image, index) => (
            <li key={image.url} className="relative overflow-hidden rounded-lg border border-line">
              <img
                src={image.url}
                alt={image.file.name}
                className="aspect-square w-full object-cover"
              />
              <button
                type="button"
                aria-label={`Remove ${image.file.name}`}
                onClick={() => remove(index)}
                className={`${buttonClass('secondary', 'sm')} absolute top-1 right-1 !px-2 !py-0.5 bg-ink/80`}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
