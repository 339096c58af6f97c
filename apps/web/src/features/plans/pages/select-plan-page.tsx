import { Alert, Anchor, Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OnboardingLayout } from '@/features/organisation';
import { OFFERED_PLANS, storeSelectedPlan } from '../plans';

/** /SelectPlan: the three plans, three benefits each, and the warning that the choice is final. */
export default function SelectPlanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  return (
    <OnboardingLayout>
      <Stack gap="xl" py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xs" align="center" ta="center">
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>{t('plans.title')}</Title>
          <Text c="dimmed" maw={620}>{t('plans.subtitle')}</Text>
        </Stack>
        <Alert variant="light" color="orange" icon={<IconAlertTriangle size={20} />} title={t('plans.warningTitle')} maw={760} mx="auto" w="100%" data-testid="plan-warning">
          {t('plans.warning')}
        </Alert>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {OFFERED_PLANS.map(({ plan, icon: Icon }) => (
            <Card key={plan} padding="xl" data-testid={`plan-${plan}`} style={{ display: 'flex', flexDirection: 'column' }}>
              <Stack gap="md" style={{ flex: 1 }}>
                <ThemeIcon size={52} radius="md" variant="light">
                  <Icon size={28} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={4}>
                  <Title order={2} fz="h3">{t(`plans.items.${plan}.name`)}</Title>
                  <Text size="sm" c="dimmed">{t(`plans.items.${plan}.tagline`)}</Text>
                </Stack>
                <List spacing="sm" size="sm" icon={<ThemeIcon size={20} radius="xl" color="teal" variant="light"><IconCheck size={13} /></ThemeIcon>} style={{ flex: 1 }}>
                  {[1, 2, 3].map((n) => (
                    <List.Item key={n}>{t(`plans.items.${plan}.benefit${n}`)}</List.Item>
                  ))}
                </List>
                <Button
                  size="md"
                  fullWidth
                  variant={plan === 'complex' ? 'filled' : 'light'}
                  onClick={() => {
                    storeSelectedPlan(plan);
                    void navigate('/register');
                  }}
                  data-testid={`plan-choose-${plan}`}
                >
                  {t('plans.choose', { plan: t(`plans.items.${plan}.name`) })}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <Text ta="center" size="sm" c="dimmed">
          {t('plans.haveAccount')}{' '}
          <Anchor component={Link} to="/login" fw={600}>{t('plans.signIn')}</Anchor>
        </Text>
      </Stack>
    </OnboardingLayout>
  );
}
