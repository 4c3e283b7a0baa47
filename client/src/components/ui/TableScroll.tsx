import { Table } from '@chakra-ui/react';

/**
 * Chakra's table scroll area made the positioned ancestor of what it holds: a visually hidden (absolutely positioned)
 * heading inside a wide table then stays in the scrolled area instead of widening the page, which in Arabic scrolled
 * the whole page sideways. Every table that may scroll sideways uses this.
 */
export function TableScroll(props: Table.ScrollAreaProps) {
  return <Table.ScrollArea position="relative" {...props} />;
}
