/**
 * The body of a post: HTML the server sanitized when it was saved (platform/rich-text.ts), never
 * raw input. Stands in until the shared RichTextView lands; same props.
 */
export function PostBody({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div
      className={`space-y-4 leading-relaxed [&_a]:text-brand [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-4 [&_blockquote]:text-muted [&_h2]:pt-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:pt-2 [&_h3]:text-xl [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-sunken [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      // Sanitized on the server before it was stored; see the note above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
