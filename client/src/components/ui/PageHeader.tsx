import type { ReactNode } from 'react';
import { Box, Flex, Heading, Text } from '@chakra-ui/react';

/** A page's `h1` with its subtitle, and its actions (period buttons, a primary button) at the reading end. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Flex justify="space-between" align="start" gap="4" wrap="wrap">
      <Box>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {subtitle && (
          <Text color="gray.600" mt="1">
            {subtitle}
          </Text>
        )}
      </Box>
      {actions}
    </Flex>
  );
}
