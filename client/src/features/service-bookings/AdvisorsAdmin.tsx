import { useEffect, useMemo, useRef, useState } from 'react';
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
  Spinner,
  Stack,
  Switch,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Plus, Trash2, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { createAdvisorSchema, updateAdvisorSchema, type WorkingInterval } from '@shared/advisors.rules';
import { LEGAL_SERVICES } from '@shared/service-bookings.rules';
import { AdvisorsListQuery, CreateAdvisorMutation, UpdateAdvisorMutation } from './operations';
import type { AdvisorFieldsFragment } from '../../gql/graphql';
import { notify } from '../../components/ui/toaster';
import { errorMessage, translateServerMessage } from '../../lib/errors';
import { apiFetch } from '../../lib/api';
import { uiLocale } from '../../lib/format';
import { errorField } from './labels';

type FieldName = 'user_email' | 'display_name' | 'service_ids' | 'languages' | 'weekly_hours' | 'days_off' | 'active';
const FIELDS: readonly string[] = ['user_email', 'display_name', 'service_ids', 'languages', 'weekly_hours', 'days_off', 'active'];
const LANGUAGES = ['en', 'ar'] as const;
/** Sunday first, as the Saudi week (0 = Sunday … 6 = Saturday, the server's numbering). */
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

type Interval = { key: number; weekday: number; from: string; to: string };
type DayOff = { key: number; date: string };
type Form = {
  userEmail: string;
  displayName: string;
  serviceIds: string[];
  languages: string[];
  weeklyHours: Interval[];
  daysOff: DayOff[];
  active: boolean;
};

let nextKey = 1;
const key = () => nextKey++;

const emptyForm = (): Form => ({
  userEmail: '',
  displayName: '',
  serviceIds: [],
  languages: ['ar', 'en'],
  weeklyHours: [],
  daysOff: [],
  active: true,
});

const formOf = (a: AdvisorFieldsFragment, hours: WorkingInterval[]): Form => ({
  userEmail: a.userEmail ?? '',
  displayName: a.displayName,
  serviceIds: [...a.serviceIds],
  languages: [...a.languages],
  weeklyHours: hours.map((i) => ({ key: key(), weekday: i.weekday, from: i.from, to: i.to })),
  daysOff: a.daysOff.map((date) => ({ key: key(), date })),
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
  const [create, { loading: creating }] = useMutation(CreateAdvisorMutation);
  const [update, { loading: updating }] = useMutation(UpdateAdvisorMutation);
  const [editing, setEditing] = useState<AdvisorFieldsFragment | 'new' | null>(null);
  const [form, setForm] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
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

  const open = async (a: AdvisorFieldsFragment | 'new') => {
    setErrors({});
    setFormError(null);
    if (a === 'new') {
      setForm(emptyForm());
      setEditing(a);
      return;
    }
    setOpening(a.id);
    try {
      const hours = await loadHours(a.id);
      setForm(formOf(a, hours));
      setEditing(a);
    } catch (err) {
      notify.error(errorMessage(err, t('adminAdvisors.loadFailed')));
    } finally {
      setOpening(null);
    }
  };
  const close = () => setEditing(null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  const save = async () => {
    if (!editing) return;
    const isNew = editing === 'new';
    const payload = {
      display_name: form.displayName,
      service_ids: form.serviceIds,
      languages: form.languages,
      weekly_hours: form.weeklyHours.map(({ weekday, from, to }) => ({ weekday, from, to })),
      days_off: form.daysOff.map((d) => d.date),
      active: form.active,
    };
    const parsed = isNew
      ? createAdvisorSchema.safeParse({ user_email: form.userEmail, ...payload })
      : updateAdvisorSchema.safeParse(payload);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = String(issue.path[0]) as FieldName;
        if (FIELDS.includes(f) && !found[f]) found[f] = translateServerMessage(issue.message);
      }
      setErrors(found);
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    const input = {
      displayName: payload.display_name,
      serviceIds: payload.service_ids,
      languages: payload.languages,
      weeklyHours: payload.weekly_hours,
      daysOff: payload.days_off,
      active: payload.active,
    };
    try {
      if (isNew) await create({ variables: { input: { ...input, userEmail: form.userEmail.trim() } } });
      else await update({ variables: { id: editing.id, input } });
      notify.success(t(isNew ? 'adminAdvisors.created' : 'adminAdvisors.updated'));
      setEditing(null);
      await refetch();
    } catch (err) {
      const field = errorField(err);
      const message = errorMessage(err, t('adminAdvisors.saveFailed'));
      if (field && FIELDS.includes(field)) setErrors({ [field]: message });
      else setFormError(message);
    }
  };

  const hoursOf = (weekday: number) => form.weeklyHours.filter((i) => i.weekday === weekday);
  const setInterval = (k: number, patch: Partial<Interval>) =>
    set(
      'weeklyHours',
      form.weeklyHours.map((i) => (i.key === k ? { ...i, ...patch } : i)),
    );
  const addInterval = (weekday: number) => {
    // A day's first interval is office hours; a further one starts where the last ends, an hour long.
    const last = hoursOf(weekday).at(-1);
    const hour = last ? Math.min(Number(last.to.slice(0, 2)), 22) : 9;
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const [from, to] = last ? [hh(hour), hh(hour + 1)] : ['09:00', '17:00'];
    set('weeklyHours', [...form.weeklyHours, { key: key(), weekday, from, to }]);
  };

  const saving = creating || updating;
  const joined = (items: string[]) => new Intl.ListFormat(uiLocale(lng), { type: 'unit', style: 'short' }).format(items);
  const title =
    editing === 'new' ? t('adminAdvisors.newTitle') : editing ? t('adminAdvisors.editTitle', { name: editing.displayName }) : '';

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
            <Heading as="h2" size="lg" mb="4" id="advisor-form-title">
              {title}
            </Heading>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <Stack gap="5">
                {formError && (
                  <Alert.Root status="error" data-testid="advisor-form-error">
                    <Alert.Indicator />
                    <Alert.Title>{formError}</Alert.Title>
                  </Alert.Root>
                )}
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  {editing === 'new' ? (
                    <Field.Root required invalid={!!errors.user_email}>
                      <Field.Label>{t('adminAdvisors.userEmail')}</Field.Label>
                      <Input type="email" dir="ltr" value={form.userEmail} onChange={(e) => set('userEmail', e.target.value)} />
                      {errors.user_email ? (
                        <Field.ErrorText>{errors.user_email}</Field.ErrorText>
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
                        {editing.userEmail}
                      </Text>
                    </Box>
                  )}
                  <Field.Root required invalid={!!errors.display_name}>
                    <Field.Label>{t('adminAdvisors.displayName')}</Field.Label>
                    <Input value={form.displayName} maxLength={100} onChange={(e) => set('displayName', e.target.value)} />
                    {errors.display_name && <Field.ErrorText>{errors.display_name}</Field.ErrorText>}
                  </Field.Root>
                </SimpleGrid>

                <Fieldset.Root invalid={!!errors.service_ids}>
                  <Fieldset.Legend>{t('adminAdvisors.services')}</Fieldset.Legend>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" mt="2">
                    {services.map((s) => (
                      <Checkbox.Root
                        key={s.id}
                        checked={form.serviceIds.includes(s.id)}
                        onCheckedChange={(e) => set('serviceIds', toggle(form.serviceIds, s.id, !!e.checked))}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{s.name}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </SimpleGrid>
                  {errors.service_ids && <Fieldset.ErrorText>{errors.service_ids}</Fieldset.ErrorText>}
                </Fieldset.Root>

                <Fieldset.Root invalid={!!errors.languages}>
                  <Fieldset.Legend>{t('adminAdvisors.languages')}</Fieldset.Legend>
                  <HStack gap="6" mt="2">
                    {LANGUAGES.map((code) => (
                      <Checkbox.Root
                        key={code}
                        checked={form.languages.includes(code)}
                        onCheckedChange={(e) => set('languages', toggle(form.languages, code, !!e.checked))}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{languageLabel(code)}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </HStack>
                  {errors.languages && <Fieldset.ErrorText>{errors.languages}</Fieldset.ErrorText>}
                </Fieldset.Root>

                <Fieldset.Root invalid={!!errors.weekly_hours}>
                  <Fieldset.Legend>{t('adminAdvisors.weeklyHours')}</Fieldset.Legend>
                  <Stack gap="3" mt="2">
                    {WEEKDAYS.map((weekday) => {
                      const day = weekdayName(weekday, lng);
                      const list = hoursOf(weekday);
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
                            {list.map((i) => (
                              <HStack key={i.key} gap="2">
                                <Input
                                  type="time"
                                  dir="ltr"
                                  maxW="36"
                                  aria-label={t('adminAdvisors.from', { day })}
                                  value={i.from}
                                  onChange={(e) => setInterval(i.key, { from: e.target.value })}
                                />
                                <Text aria-hidden>–</Text>
                                <Input
                                  type="time"
                                  dir="ltr"
                                  maxW="36"
                                  aria-label={t('adminAdvisors.to', { day })}
                                  value={i.to}
                                  onChange={(e) => setInterval(i.key, { to: e.target.value })}
                                />
                                <IconButton
                                  variant="ghost"
                                  colorPalette="red"
                                  size="sm"
                                  aria-label={t('adminAdvisors.removeInterval', { day, from: i.from, to: i.to })}
                                  onClick={() =>
                                    set(
                                      'weeklyHours',
                                      form.weeklyHours.filter((x) => x.key !== i.key),
                                    )
                                  }
                                >
                                  <Trash2 size={16} />
                                </IconButton>
                              </HStack>
                            ))}
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
                  {errors.weekly_hours && <Fieldset.ErrorText>{errors.weekly_hours}</Fieldset.ErrorText>}
                </Fieldset.Root>

                <Fieldset.Root invalid={!!errors.days_off}>
                  <Fieldset.Legend>{t('adminAdvisors.daysOff')}</Fieldset.Legend>
                  <Stack gap="2" mt="2">
                    {form.daysOff.length === 0 && <Text color="gray.600">{t('adminAdvisors.noDaysOff')}</Text>}
                    {form.daysOff.map((d, n) => (
                      <HStack key={d.key} gap="2">
                        <Input
                          type="date"
                          dir="ltr"
                          maxW="48"
                          aria-label={t('adminAdvisors.dayOff', { n: n + 1 })}
                          value={d.date}
                          onChange={(e) =>
                            set(
                              'daysOff',
                              form.daysOff.map((x) => (x.key === d.key ? { ...x, date: e.target.value } : x)),
                            )
                          }
                        />
                        <IconButton
                          variant="ghost"
                          colorPalette="red"
                          size="sm"
                          aria-label={t('adminAdvisors.removeDayOff', { n: n + 1 })}
                          onClick={() =>
                            set(
                              'daysOff',
                              form.daysOff.filter((x) => x.key !== d.key),
                            )
                          }
                        >
                          <Trash2 size={16} />
                        </IconButton>
                      </HStack>
                    ))}
                    <Box>
                      <Button variant="outline" size="sm" onClick={() => set('daysOff', [...form.daysOff, { key: key(), date: '' }])}>
                        <Plus size={16} aria-hidden /> {t('adminAdvisors.addDayOff')}
                      </Button>
                    </Box>
                  </Stack>
                  {errors.days_off && <Fieldset.ErrorText>{errors.days_off}</Fieldset.ErrorText>}
                </Fieldset.Root>

                <Field.Root invalid={!!errors.active}>
                  <Switch.Root checked={form.active} onCheckedChange={(e) => set('active', e.checked)} colorPalette="teal">
                    <Switch.HiddenInput />
                    <Switch.Control>
                      <Switch.Thumb />
                    </Switch.Control>
                    <Switch.Label>{t('adminAdvisors.activeToggle')}</Switch.Label>
                  </Switch.Root>
                  {errors.active && <Field.ErrorText>{errors.active}</Field.ErrorText>}
                </Field.Root>

                <HStack gap="3">
                  <Button type="submit" colorPalette="teal" loading={saving}>
                    {t('adminAdvisors.save')}
                  </Button>
                  <Button variant="ghost" onClick={close}>
                    {t('adminAdvisors.cancel')}
                  </Button>
                </HStack>
              </Stack>
            </form>
          </Card.Body>
        </Card.Root>
      )}

      {loading && !data ? (
        <Flex justify="center" py="10">
          <Spinner />
        </Flex>
      ) : error && !data ? (
        <Text color="red.600" role="alert">
          {t('adminAdvisors.loadFailed')}
        </Text>
      ) : advisors.length === 0 ? (
        <Text color="gray.600">{t('adminAdvisors.empty')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
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
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
