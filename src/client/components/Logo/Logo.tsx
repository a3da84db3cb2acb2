import { Group, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { copy } from '../../content/site';
import { useSiteInfo } from '../../features/site/useSiteInfo';
import { localePath } from '../../i18n';
import classes from './Logo.module.css';

/** The garage's logo, name and place, a link to the home page; `compact` (the header's) names only the city on the narrowest phones. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const business = useSiteInfo();
  return (
    <Link to={localePath('/')} className="touch-target" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group gap={10} wrap="nowrap">
        <img src="/logo.svg" width={36} height={36} alt="" />
        <div className={compact ? classes.compact : undefined}>
          <Text fw={800} size="md" lh={1.1}>
            {business.shortName}
          </Text>
          <Text size="xs" c="dimmed" lh={1.1}>
            Alaminos City<span className={classes.province}>, Pangasinan</span>
          </Text>
          {/* The link's name is its visible text (WCAG 2.5.3 label in name), then where it goes. */}
          <VisuallyHidden>{` — ${copy.nav.home}`}</VisuallyHidden>
        </div>
      </Group>
    </Link>
  );
}
