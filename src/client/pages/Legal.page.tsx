// Mantine's styles for the components only these pages render (see src/client/mantineStyles.ts).
import '@mantine/core/styles/List.css';
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { telHref } from '../../shared/business';
import { formatDate } from '../../shared/dates';
import type { MessageValues } from '../../shared/i18n/catalog';
import { priceListValues } from '../../shared/labels';
import { formatPeso } from '../../shared/money';
import { LEGAL_UPDATED, legalCopy } from '../content/legal';
import { useSiteInfo } from '../features/site/useSiteInfo';
import { usePageMeta } from '../usePageMeta';

/** A section as the pages render it; a paragraph or item with values (the deposit, the price list) is a function of them. */
interface LegalSection {
  title: string;
  paragraphs?: ReadonlyArray<string | ((values: MessageValues) => string)>;
  items?: ReadonlyArray<string | ((values: MessageValues) => string)>;
}

interface LegalDoc {
  title: string;
  description: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** A paragraph or item as shown: its values filled in. */
function fill(text: string | ((values: MessageValues) => string), values: MessageValues): string {
  return typeof text === 'function' ? text(values) : text;
}

function LegalPage({ doc }: { doc: LegalDoc }) {
  usePageMeta(doc.title, doc.description);
  const business = useSiteInfo();
  const values = { deposit: formatPeso(business.deposit), ...priceListValues() };
  return (
    <Container size="md" py={{ base: 40, md: 72 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{doc.title}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            {legalCopy.updated({ date: formatDate(LEGAL_UPDATED, 'MMMM D, YYYY') })}
          </Text>
        </div>
        <Text fz="lg">{doc.intro}</Text>
        {doc.sections.map((section) => (
          <Stack key={section.title} gap="xs" component="section">
            <Title order={2} size="h3">
              {section.title}
            </Title>
            {section.paragraphs?.map((paragraph) => fill(paragraph, values)).map((paragraph) => <Text key={paragraph.slice(0, 24)}>{paragraph}</Text>)}
            {section.items ? (
              <List spacing={6}>
                {section.items.map((item) => fill(item, values)).map((item) => (
                  <List.Item key={item.slice(0, 24)}>{item}</List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
        ))}
        <Text>
          {business.name}, {business.addressLine1}, {business.addressLine2}. {legalCopy.phone} <Anchor underline="always" href={telHref(business.phonePrimary)}>{business.phonePrimary}</Anchor>, {legalCopy.email}{' '}
          <Anchor underline="always" href={`mailto:${business.email}`}>{business.email}</Anchor>.
        </Text>
      </Stack>
    </Container>
  );
}

export function TermsPage() {
  return <LegalPage doc={legalCopy.terms as unknown as LegalDoc} />;
}

export function PrivacyPage() {
  return <LegalPage doc={legalCopy.privacy as unknown as LegalDoc} />;
}
