import type { ChangeEvent } from 'react';
import {
  ACCEPTED_IMAGE_TYPES,
  APPLICATION_MESSAGES,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
} from '../../../../core/applications';
import { buttonClass } from '../ui/button';
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

  function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    // Clear the input so picking the same file again still fires a change.
    event.target.value = '';
    const next = [...images];
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
        toast({
          title: 'Unsupported file',
          description: 'Only PNG, JPEG, WebP or GIF images are accepted',
        });
        continue;
      }
      next.push({ file, url: URL.createObjectURL(file) });
    }
    if (next.length !== images.length) onChange(next);
  }

  function remove(index: number) {
    const image = images[index];
    if (image) URL.revokeObjectURL(image.url);
    onChange(images.filter((_, i) => i !== index));
  }

  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        Portfolio Images <span className="text-sm font-normal text-muted">(optional)</span>
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        Up to {MAX_IMAGES} images (PNG, JPEG, WebP or GIF), each less than 5MB. {images.length} of{' '}
        {MAX_IMAGES} added.
      </p>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        multiple
        aria-describedby={`${id}-hint`}
        onChange={addFiles}
        className="mt-2 block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-lavender file:px-3 file:py-2 file:font-semibold file:text-ink hover:file:bg-lavender-strong"
      />
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
    </div>
  );
}
