import { useId } from 'react';
import { chakra, HStack, Text } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Choosing 1 to 5 stars with the mouse or the keyboard: a group of native radio buttons (Tab reaches the group, the
 * arrow keys move between stars — in the reading direction, so right to left in Arabic — and each is read out as
 * "3 stars"). The inputs are visually hidden; the stars are their labels. `error` (already in the page's language) shows
 * under the stars and describes the group; `onBlur` runs when focus leaves the group, not when it moves between stars.
 */
export function StarInput({
  value,
  onChange,
  label,
  name,
  error,
  onBlur,
}: {
  value: number;
  onChange: (n: number) => void;
  label: string;
  name: string;
  error?: string;
  onBlur?: () => void;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <chakra.fieldset
      border="0"
      p="0"
      m="0"
      onBlur={(e) => {
        if (onBlur && !e.currentTarget.contains(e.relatedTarget)) onBlur();
      }}
    >
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1">
        {label}
      </chakra.legend>
      <HStack
        gap="1"
        role="radiogroup"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
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
      {error && (
        <Text id={errorId} color="fg.error" fontSize="sm" mt="1" data-testid={`${name}-error`}>
          {error}
        </Text>
      )}
    </chakra.fieldset>
  );
}
