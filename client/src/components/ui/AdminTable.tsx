import type { ReactNode } from 'react';
import { Box, Heading, Table, Text } from '@chakra-ui/react';
import { TableScroll } from './TableScroll';

/** A column's heading; `end` aligns it (and its cells, which say so themselves) to the reading end: amounts. */
export type AdminColumn = { label: ReactNode; end?: boolean };

/**
 * The table shell of the admin lists (audit log, payments, held balances): scrolls sideways on a narrow screen inside
 * its border, small rows, the column headings; the rows are the caller's.
 */
export function AdminTable({
  columns,
  testId,
  children,
}: {
  columns: Array<ReactNode | AdminColumn>;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <TableScroll borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {columns.map((c, i) => {
              const col = typeof c === 'object' && c !== null && 'label' in c ? c : { label: c };
              return (
                <Table.ColumnHeader key={i} textAlign={col.end ? 'end' : undefined}>
                  {col.label}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

/** A titled part of an admin page under its list (held balances, exports): its heading, a hint, then its content. */
export function AdminSection({
  id,
  title,
  hint,
  testId,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box as="section" aria-labelledby={id} mt="10" data-testid={testId}>
      <Heading as="h2" size="lg" mb="1" id={id}>
        {title}
      </Heading>
      <Text color="gray.600" mb="4" fontSize="sm">
        {hint}
      </Text>
      {children}
    </Box>
  );
}
