/**
 * Accessible parts for react-virtuoso lists: the scrolled container is a labelled `list` and each row a `listitem`,
 * so assistive technology and tests find rows by role. Pass `context={{ label }}` to the Virtuoso.
 */
import { forwardRef, type HTMLAttributes } from "react";

/** The Virtuoso context these parts read. */
export type VirtualListContext = { label: string };

/** Virtuoso's `List` component: a labelled list. */
export const VirtualList = forwardRef<
  HTMLDivElement,
  HTMLAttributes<HTMLDivElement> & { context?: VirtualListContext }
>(function VirtualList({ context, ...props }, ref) {
  return <div {...props} ref={ref} role="list" aria-label={context?.label} />;
});

/** Virtuoso's `Item` component: a list item (Virtuoso's own props are not passed to the DOM). */
export function VirtualListItem({
  context: _context,
  item: _item,
  ...props
}: HTMLAttributes<HTMLDivElement> & {
  context?: VirtualListContext;
  item?: unknown;
}) {
  return <div {...props} role="listitem" />;
}
