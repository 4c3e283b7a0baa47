import type { ReactNode } from 'react';
import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';

/** The coloured band at the top of each public page. */
export function PageHero({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <Box bgGradient="to-br" gradientFrom="teal.700" gradientTo="teal.900" color="white">
      <Container maxW="7xl" py={{ base: '12', md: '16' }}>
        <Stack gap="4" maxW="3xl">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="1.2">
            {title}
          </Heading>
          {subtitle && (
            <Text fontSize="lg" color="teal.50">
              {subtitle}
            </Text>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
