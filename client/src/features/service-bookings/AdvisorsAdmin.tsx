import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  Fieldset,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@chakra-ui/react';
import { TableScroll } from '../../components/ui/TableScroll';
import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useFieldArray, type Path } from 'react-hook-form';
import { z } from 'zod';
import { Plus, Trash2, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { createAdvisorSchema, type WorkingInterval } from '@shared/advisors.rules';
import { LEGAL_SERVICES } from '@shared/service-bookings.rules';
import { AdvisorsListQuery, CreateAdvisorMutation, UpdateAdvisorMutation } from './operations';
import type { AdvisorFieldsFragment } from '../../gql/graphql';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { fieldError, useZodForm } from '../../lib/forms';
import { apiFetch } from '../../lib/api';
import { uiLocale } from '../../lib/format';
import { errorField } from './labels';
import { RowsSkeleton } from '../../components/ui/skeletons';

const FIELDS = ['userEmail', 'displayName', 'serviceIds', 'languages', 'weeklyHours', 'daysOff', 'active'] as const;
const LANGUAGES = ['en', 'ar'] as const;
/** Sunday first, as the Saudi week (0 = Sunday … 6 = Saturday, the server's numbering). */
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * An existing advisor's account is shown, not changed: its email is carried along unchecked. Otherwise the profile is
 * checked by the same rule as a new one (the update rule only adds "left out stays", and the form sends every field).
 */
const editSchema = createAdvisorSchema.extend({ userEmail: z.string() });
type Values = z.input<typeof createAdvisorSchema>;

const emptyForm = (): Values => ({
  userEmail: '',
  displayName: '',
  serviceIds: [],
  languages: ['ar', 'en'],
  weeklyHours: [],
  daysOff: [],
  active: true,
});

const formOf = (a: AdvisorFieldsFragment, hours: WorkingInterval[]): Values => ({
  userEmail: a.userEmail ?? '',
  displayName: a.displayName,
  serviceIds: [...a.serviceIds],
  languages: [...a.languages],
  weeklyHours: hours.map(({ weekday, from, to }) => ({ weekday, from, to })),
  daysOff: [...a.daysOff],
  active: a.active,
});

/** A weekday's name in the UI language (2026-11-22 was a Sunday). */
const weekdayName = (weekday: number, lng: string) =>
  new Intl.DateTimeFormat(uiLocale(lng), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 22 + weekday)));

const toggle = (list: string[], value: string, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));

/** A service an advisor may cover, named in the UI language. */
export type ServiceChoice = { id: string; name: string };

/**
 * Admin › Advisors: every advisor profile, and a panel to add one (by account email) or edit one. `businessServices`
 * come from the services query (the route composes it); the legal services are added here.
 */
export function AdvisorsAdmin({ businessServices }: { businessServices: ServiceChoice[] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data, loading, error, refetch } = useQuery(AdvisorsListQuery, { fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<{ advisor: AdvisorFieldsFragment | 'new'; values: Values; key: number } | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) notify.error(t('adminAdvisors.loadFailed'));
  }, [error, t]);
  useEffect(() => {
    if (editing) panelRef.current?.scrollIntoView({ block: 'start' });
  }, [editing]);

  const advisors = data?.advisors ?? [];
  /** Business services from the services query, then the legal services advisors may also cover. */
  const services = useMemo(() => {
    const list = [...businessServices];
    for (const [id, names] of Object.entries(LEGAL_SERVICES)) list.push({ id, name: lng === 'ar' ? names.ar : names.en });
    return list;
  }, [businessServices, lng]);
  const serviceLabel = (id: string) => services.find((s) => s.id === id)?.name ?? id;
  const languageLabel = (code: string) => (code === 'en' ? t('adminAdvisors.langEn') : code === 'ar' ? t('adminAdvisors.langAr') : code);

  /** One advisor's weekly hours (REST: the GraphQL list cannot carry them, see operations.ts). */
  const loadHours = async (id: string): Promise<WorkingInterval[]> => {
    const res = await apiFetch(`/advisors/${encodeURIComponent(id)}`);
    if (!res.ok) throw new Error(res.statusText);
    return ((await res.json()) as { weekly_hours: WorkingInterval[] }).weekly_hours;
  };

  // Each opening is a fresh form (its key), so nothing typed into an abandoned one comes back.
  const open = async (a: AdvisorFieldsFragment | 'new') => {
    if (a === 'new') return setEditing({ advisor: a, values: emptyForm(), key: Date.now() });
    setOpening(a.id);
    try {
      const hours = await loadHours(a.id);
      setEditing({ advisor: a, values: formOf(a, hours), key: Date.now() });
    } catch (err) {
      notify.error(errorMessage(err, t('adminAdvisors.loadFailed')));
    } finally {
      setOpening(null);
    }
  };

  const joined = (items: string[]) => new Intl.ListFormat(uiLocale(lng), { type: 'unit', style: 'short' }).format(items);

  return (
    <Stack gap="8">
      <Flex justify="flex-end">
        <Button colorPalette="teal" onClick={() => void open('new')}>
          <UserPlus size={16} aria-hidden /> {t('adminAdvisors.add')}
        </Button>
      </Flex>

      {editing && (
        <Card.Root ref={panelRef} as="section" aria-labelledby="advisor-form-title" data-testid="advisor-form">
          <Card.Body>
            <AdvisorForm
              key={editing.key}
              advisor={editing.advisor}
              initial={editing.values}
              services={services}
              languageLabel={languageLabel}
              onClose={() => setEditing(null)}
              onSaved={async () => {
                setEditing(null);
                await refetch();
              }}
            />
          </Card.Body>
        </Card.Root>
      )}

      {loading && !data ? (
        <RowsSkeleton rows={2} />
      ) : error && !data ? (
        <Text color="red.600" role="alert">
          {t('adminAdvisors.loadFailed')}
        </Text>
      ) : advisors.length === 0 ? (
        <Text color="gray.600">{t('adminAdvisors.empty')}</Text>
      ) : (
        <TableScroll borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label={t('adminAdvisors.listLabel')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('adminAdvisors.colName')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('adminAdvisors.colEmail')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('adminAdvisors.colServices')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('adminAdvisors.colLanguages')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('adminAdvisors.colStatus')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('adminAdvisors.colActions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {advisors.map((a) => (
                <Table.Row key={a.id} data-testid="advisor-row">
                  <Table.Cell fontWeight="medium">{a.displayName}</Table.Cell>
                  <Table.Cell dir="ltr" textAlign="start">
                    {a.userEmail}
                  </Table.Cell>
                  <Table.Cell>{joined(a.serviceIds.map(serviceLabel))}</Table.Cell>
                  <Table.Cell>{joined(a.languages.map(languageLabel))}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={a.active ? 'green' : 'gray'} data-testid="advisor-status">
                      {a.active ? t('adminAdvisors.active') : t('adminAdvisors.inactive')}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t('adminAdvisors.editLabel', { name: a.displayName })}
                      loading={opening === a.id}
                      onClick={() => void open(a)}
                    >
                      {t('adminAdvisors.edit')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
    </Stack>
  );
}

/**
 * The add / edit form of one advisor. The shared rules check each field as the admin leaves it and the whole form on
 * submit, so each problem stands at its field (a working interval's at its row) in the page's language; a refusal by
 * the server that names a field (`extensions.field`, the rule's path) lands there too (issue #26).
 */
function AdvisorForm({
  advisor,
  initial,
  services,
  languageLabel,
  onClose,
  onSaved,
}: {
  advisor: AdvisorFieldsFragment | 'new';
  initial: Values;
  services: ServiceChoice[];
  languageLabel: (code: string) => string;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const isNew = advisor === 'new';
  const [create] = useMutation(CreateAdvisorMutation);
  const [update] = useMutation(UpdateAdvisorMutation);
  const form = useZodForm(isNew ? createAdvisorSchema : editSchema, { defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const hours = useFieldArray({ control: form.control, name: 'weeklyHours' });
  const [formError, setFormError] = useState<string | null>(null);
  const values = form.watch();
  const serviceIds = values.serviceIds ?? [];
  const languages = values.languages ?? [];
  const daysOff = values.daysOff ?? [];
  const problem = (name: string) => fieldError(errors, name);
  /** A list (checkboxes, days off) changed by a click is checked at once: there is no single input to leave. */
  const change = <K extends 'serviceIds' | 'languages' | 'daysOff' | 'active'>(name: K, value: Values[K], validate = true) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldTouch: true, shouldValidate: validate });

  async function onSubmit({ userEmail, ...input }: z.output<typeof createAdvisorSchema>) {
    setFormError(null);
    try {
      if (isNew) await create({ variables: { input: { ...input, userEmail } } });
      else await update({ variables: { id: advisor.id, input } });
      notify.success(t(isNew ? 'adminAdvisors.created' : 'adminAdvisors.updated'));
      await onSaved();
    } catch (err) {
      // The rule's path, e.g. `userEmail` or `weeklyHours.2.from`: shown at that field (kept in English like the
      // rules' messages, translated when shown); a refusal naming none is the whole form's.
      const field = errorField(err);
      if (field && CombinedGraphQLErrors.is(err) && (FIELDS as readonly string[]).includes(field.split('.')[0]))
        form.setError(field as Path<Values>, { type: 'server', message: err.errors[0].message }, { shouldFocus: true });
      else setFormError(errorMessage(err, t('adminAdvisors.saveFailed')));
    }
  }

  const addInterval = (weekday: number) => {
    // A day's first interval is office hours; a further one starts where the last ends, an hour long.
    const last = (values.weeklyHours ?? []).filter((i) => i.weekday === weekday).at(-1);
    const hour = last ? Math.min(Number(last.to.slice(0, 2)), 22) : 9;
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const [from, to] = last ? [hh(hour), hh(hour + 1)] : ['09:00', '17:00'];
    hours.append({ weekday, from, to }, { shouldFocus: false });
  };
  const hoursProblem = problem('weeklyHours.root') ?? problem('weeklyHours');
  /**
   * A time of the week's hours: leaving it checks the whole week, since its problems (start after end, two intervals
   * that overlap) belong to the interval or the day rather than to the one input left.
   */
  const register = (name: `weeklyHours.${number}.${'from' | 'to'}`) => {
    const field = form.register(name);
    return {
      ...field,
      onBlur: async (e: FocusEvent<HTMLInputElement>) => {
        await field.onBlur(e);
        await form.trigger('weeklyHours');
      },
      // Once a problem shows, each change checks again, so the problem goes as soon as it is put right.
      onChange: async (e: ChangeEvent<HTMLInputElement>) => {
        await field.onChange(e);
        if (form.getFieldState('weeklyHours').error) await form.trigger('weeklyHours');
      },
    };
  };
  const title = advisor === 'new' ? t('adminAdvisors.newTitle') : t('adminAdvisors.editTitle', { name: advisor.displayName });

  return (
    <>
      <Heading as="h2" size="lg" mb="4" id="advisor-form-title">
        {title}
      </Heading>
      <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} aria-labelledby="advisor-form-title">
        <Stack gap="5">
          {formError && (
            <Alert.Root status="error" data-testid="advisor-form-error">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {advisor === 'new' ? (
              <Field.Root required invalid={!!errors.userEmail}>
                <Field.Label>{t('adminAdvisors.userEmail')}</Field.Label>
                <Input type="email" dir="ltr" autoComplete="off" {...form.register('userEmail')} />
                {errors.userEmail ? (
                  <Field.ErrorText>{problem('userEmail')}</Field.ErrorText>
                ) : (
                  <Field.HelperText>{t('adminAdvisors.userEmailHelp')}</Field.HelperText>
                )}
              </Field.Root>
            ) : (
              <Box>
                <Text fontSize="sm" fontWeight="medium">
                  {t('adminAdvisors.userEmail')}
                </Text>
                <Text dir="ltr" textAlign="start">
                  {advisor.userEmail}
                </Text>
              </Box>
            )}
            <Field.Root required invalid={!!errors.displayName}>
              <Field.Label>{t('adminAdvisors.displayName')}</Field.Label>
              <Input maxLength={100} {...form.register('displayName')} />
              <Field.ErrorText>{problem('displayName')}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>

          <Fieldset.Root invalid={!!errors.serviceIds}>
            <Fieldset.Legend>{t('adminAdvisors.services')}</Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" mt="2">
              {services.map((s) => (
                <Checkbox.Root
                  key={s.id}
                  checked={serviceIds.includes(s.id)}
                  onCheckedChange={(e) => change('serviceIds', toggle(serviceIds, s.id, !!e.checked))}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{s.name}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
            {problem('serviceIds') && <Fieldset.ErrorText>{problem('serviceIds')}</Fieldset.ErrorText>}
          </Fieldset.Root>

          <Fieldset.Root invalid={!!errors.languages}>
            <Fieldset.Legend>{t('adminAdvisors.languages')}</Fieldset.Legend>
            <HStack gap="6" mt="2">
              {LANGUAGES.map((code) => (
                <Checkbox.Root
                  key={code}
                  checked={languages.includes(code)}
                  onCheckedChange={(e) => change('languages', toggle(languages, code, !!e.checked))}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{languageLabel(code)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
            {problem('languages') && <Fieldset.ErrorText>{problem('languages')}</Fieldset.ErrorText>}
          </Fieldset.Root>

          <Fieldset.Root invalid={!!errors.weeklyHours}>
            <Fieldset.Legend>{t('adminAdvisors.weeklyHours')}</Fieldset.Legend>
            <Stack gap="3" mt="2">
              {WEEKDAYS.map((weekday) => {
                const day = weekdayName(weekday, lng);
                const list = hours.fields.map((f, index) => ({ id: f.id, weekday: f.weekday, index })).filter((i) => i.weekday === weekday);
                return (
                  <Flex key={weekday} gap="3" align="flex-start" wrap="wrap" data-testid={`weekday-${weekday}`}>
                    <Text minW="28" fontWeight="medium" pt="2">
                      {day}
                    </Text>
                    <Stack gap="2" flex="1">
                      {list.length === 0 && (
                        <Text color="gray.600" pt="2">
                          {t('adminAdvisors.noHours')}
                        </Text>
                      )}
                      {list.map(({ id, index }) => {
                        const now = values.weeklyHours?.[index];
                        // The interval's own problem (start after end) or that of one of its times.
                        const rowProblem =
                          problem(`weeklyHours.${index}`) ?? problem(`weeklyHours.${index}.from`) ?? problem(`weeklyHours.${index}.to`);
                        return (
                          <Field.Root key={id} invalid={!!rowProblem} data-testid="interval">
                            <HStack gap="2">
                              <Input
                                type="time"
                                dir="ltr"
                                maxW="36"
                                aria-label={t('adminAdvisors.from', { day })}
                                {...register(`weeklyHours.${index}.from`)}
                              />
                              <Text aria-hidden>–</Text>
                              <Input
                                type="time"
                                dir="ltr"
                                maxW="36"
                                aria-label={t('adminAdvisors.to', { day })}
                                {...register(`weeklyHours.${index}.to`)}
                              />
                              <IconButton
                                variant="ghost"
                                colorPalette="red"
                                size="sm"
                                aria-label={t('adminAdvisors.removeInterval', { day, from: now?.from ?? '', to: now?.to ?? '' })}
                                onClick={() => hours.remove(index)}
                              >
                                <Trash2 size={16} />
                              </IconButton>
                            </HStack>
                            <Field.ErrorText>{rowProblem}</Field.ErrorText>
                          </Field.Root>
                        );
                      })}
                    </Stack>
                    <IconButton
                      variant="outline"
                      size="sm"
                      aria-label={t('adminAdvisors.addInterval', { day })}
                      onClick={() => addInterval(weekday)}
                    >
                      <Plus size={16} />
                    </IconButton>
                  </Flex>
                );
              })}
            </Stack>
            {hoursProblem && <Fieldset.ErrorText>{hoursProblem}</Fieldset.ErrorText>}
          </Fieldset.Root>

          <Fieldset.Root invalid={!!errors.daysOff}>
            <Fieldset.Legend>{t('adminAdvisors.daysOff')}</Fieldset.Legend>
            <Stack gap="2" mt="2">
              {daysOff.length === 0 && <Text color="gray.600">{t('adminAdvisors.noDaysOff')}</Text>}
              {daysOff.map((date, n) => (
                // Controlled inputs (a list of plain dates), so their place in the list is their identity.
                <Field.Root key={n} invalid={!!problem(`daysOff.${n}`)}>
                  <HStack gap="2">
                    <Input
                      type="date"
                      dir="ltr"
                      maxW="48"
                      aria-label={t('adminAdvisors.dayOff', { n: n + 1 })}
                      value={date}
                      onChange={(e) =>
                        change(
                          'daysOff',
                          daysOff.map((d, i) => (i === n ? e.target.value : d)),
                          form.formState.isSubmitted,
                        )
                      }
                      onBlur={() => void form.trigger('daysOff')}
                    />
                    <IconButton
                      variant="ghost"
                      colorPalette="red"
                      size="sm"
                      aria-label={t('adminAdvisors.removeDayOff', { n: n + 1 })}
                      onClick={() =>
                        change(
                          'daysOff',
                          daysOff.filter((_, i) => i !== n),
                        )
                      }
                    >
                      <Trash2 size={16} />
                    </IconButton>
                  </HStack>
                  <Field.ErrorText>{problem(`daysOff.${n}`)}</Field.ErrorText>
                </Field.Root>
              ))}
              <Box>
                <Button variant="outline" size="sm" onClick={() => change('daysOff', [...daysOff, ''], false)}>
                  <Plus size={16} aria-hidden /> {t('adminAdvisors.addDayOff')}
                </Button>
              </Box>
            </Stack>
            {problem('daysOff') && <Fieldset.ErrorText>{problem('daysOff')}</Fieldset.ErrorText>}
          </Fieldset.Root>

          <Field.Root invalid={!!errors.active}>
            <Switch.Root checked={values.active ?? true} onCheckedChange={(e) => change('active', e.checked)} colorPalette="teal">
              <Switch.HiddenInput />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label>{t('adminAdvisors.activeToggle')}</Switch.Label>
            </Switch.Root>
            <Field.ErrorText>{problem('active')}</Field.ErrorText>
          </Field.Root>

          <HStack gap="3">
            <Button type="submit" colorPalette="teal" loading={isSubmitting}>
              {t('adminAdvisors.save')}
            </Button>
            <Button variant="ghost" onClick={onClose}>
              {t('adminAdvisors.cancel')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </>
  );
}
