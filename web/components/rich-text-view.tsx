/**
 * Shows a blog post's or info page's body with the site's article typography (the `.rich-text`
 * rules in web/app.css: headings, lists, quotes, links, pictures, a readable line length).
 *
 * `html` must be what the server stored through `sanitizeRichText` (server/platform/rich-text.ts),
 * which keeps no script, event handler, style, frame or foreign picture: this component puts it
 * in the page as it is. Never pass it anything a person typed that has not been through the server.
 */
export function RichTextView({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-text ${className}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />;
}
