import type { ReactNode } from 'react';
import { Box, Table } from '@chakra-ui/react';

export interface MoneyColumn<T> {
  key: string;
  header: string;
  /** Amounts: aligned to the end (right in English, left in Arabic). */
  end?: boolean;
  cell: (row: T) => ReactNode;
}

/** The small tables of the Earnings page (earnings rows, commission invoices): one markup, columns given by the caller. */
export function MoneyTable<T>({
  columns,
  rows,
  rowKey,
  rowTestId,
}: {
  columns: Array<MoneyColumn<T>>;
  rows: T[];
  rowKey: (row: T) => string;
  rowTestId: string;
}) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.key} textAlign={c.end ? 'end' : undefined}>
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={rowKey(r)} data-testid={rowTestId}>
              {columns.map((c) => (
                <Table.Cell key={c.key} textAlign={c.end ? 'end' : undefined}>
                  {c.cell(r)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
