import { chakra, HStack } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Choosing 1 to 5 stars with the mouse or the keyboard: a group of native radio buttons (Tab reaches the group, the
 * arrow keys move between stars — in the reading direction, so right to left in Arabic — and each is read out as
 * "3 stars"). The inputs are visually hidden; the stars are their labels.
 */
export function StarInput({
  value,
  onChange,
  label,
  name,
  invalid,
}: {
  value: number;
  onChange: (n: number) => void;
  label: string;
  name: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <chakra.fieldset border="0" p="0" m="0" aria-invalid={invalid || undefined}>
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1">
        {label}
      </chakra.legend>
      <HStack gap="1" role="radiogroup" aria-label={label}>
        {[1, 2, 3, 4, 5].map((n) => (
          <chakra.label
            key={n}
            cursor="pointer"
            color={n <= value ? 'orange.400' : 'gray.400'}
            rounded="sm"
            _focusWithin={{ outline: '2px solid', outlineColor: 'teal.500', outlineOffset: '2px' }}
            data-testid={`star-${n}`}
          >
            <chakra.input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={t('reviews.starOption', { n })}
              position="absolute"
              opacity={0}
              w="1px"
              h="1px"
              overflow="hidden"
            />
            <Star size={28} fill={n <= value ? 'currentColor' : 'none'} aria-hidden />
          </chakra.label>
        ))}
      </HStack>
    </chakra.fieldset>
  );
}
