import { Box, Circle, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';

export interface Step {
  step: number;
  title: string;
  description: string;
}

/** Numbered process steps (4 per row on wide screens). */
export function ProcessSteps({ steps }: { steps: Step[] }) {
  return (
    <SimpleGrid as="ol" columns={{ base: 1, md: 2, lg: 4 }} gap="6" listStyleType="none" data-testid="process-steps">
      {steps.map((s) => (
        <Box as="li" key={s.step} borderWidth="1px" rounded="lg" p="5" bg="white">
          <Stack gap="3">
            <Circle size="10" bg="teal.600" color="white" fontWeight="bold" aria-hidden>
              {s.step}
            </Circle>
            <Heading as="h3" size="md">
              {s.title}
            </Heading>
            <Text color="gray.600">{s.description}</Text>
          </Stack>
        </Box>
      ))}
    </SimpleGrid>
  );
}
