import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Board › grade › subject › chapter › topic, with links back up. */
export function Trail({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'wrap' }}>
      {items.map((item) =>
        item.to ? (
          <Anchor key={item.label} component={Link} to={item.to} size="sm">
            {item.label}
          </Anchor>
        ) : (
          <Text key={item.label} size="sm" c="dimmed">
            {item.label}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
