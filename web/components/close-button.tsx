import { X } from 'lucide-react';

/** The round × in the header of a dialog or a panel. `className` adds to the shared look. */
export function CloseButton({
  onClose,
  label,
  size = 22,
  className = '',
}: {
  onClose: () => void;
  label: string;
  size?: number;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label={label}
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-sunken ${className}`}
    >
      <X aria-hidden size={size} />
    </button>
  );
}
