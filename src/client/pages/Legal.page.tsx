// Mantine's styles for the components only these pages render (see src/client/mantineStyles.ts).
import '@mantine/core/styles/List.css';
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { telHref } from '../../shared/business';
import { LEGAL_UPDATED, privacy, terms, type LegalSection } from '../content/legal';
import { useSiteInfo } from '../features/site/useSiteInfo';
import { usePageMeta } from '../usePageMeta';

function LegalPage({ doc, description }: { doc: { title: string; intro: string; sections: LegalSection[] }; description: string }) {
  usePageMeta(doc.title, description);
  const business = useSiteInfo();
  return (
    <Container size="md" py={{ base: 40, md: 72 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{doc.title}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            Last updated {LEGAL_UPDATED}
          </Text>
        </div>
        <Text fz="lg">{doc.intro}</Text>
        {doc.sections.map((section) => (
          <Stack key={section.title} gap="xs" component="section">
            <Title order={2} size="h3">
              {section.title}
            </Title>
            {section.paragraphs
              ?.map((paragraph) => (typeof paragraph === 'function' ? paragraph(business) : paragraph))
              .map((paragraph) => <Text key={paragraph.slice(0, 24)}>{paragraph}</Text>)}
            {section.items ? (
              <List spacing={6}>
                {section.items.map((item) => (
                  <List.Item key={item.slice(0, 24)}>{item}</List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
        ))}
        <Text>
          {business.name}, {business.addressLine1}, {business.addressLine2}. Phone <Anchor underline="always" href={telHref(business.phonePrimary)}>{business.phonePrimary}</Anchor>, e-mail{' '}
          <Anchor underline="always" href={`mailto:${business.email}`}>{business.email}</Anchor>.
        </Text>
      </Stack>
    </Container>
  );
}

export function TermsPage() {
  return <LegalPage doc={terms} description="Rental terms: who can rent, documents, deposit, prices, pick-up and return, cancellations and insurance." />;
}

export function PrivacyPage() {
  return <LegalPage doc={privacy} description="What personal data we keep, why, for how long, and your rights under the Data Privacy Act of 2012." />;
}
