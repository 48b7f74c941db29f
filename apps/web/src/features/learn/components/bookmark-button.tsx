import { useNetwork } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBookmarks, useSetBookmark, type BookmarkKind } from '../api/bookmarks';
import './game.css';

/**
 * Bookmarks a concept (by topic id) or a question; needs the network (bookmarks live on the server).
 * A plain button (game.css): it is on the topic game's first screen, which carries no Mantine code.
 */
export function BookmarkButton({ kind, id }: { kind: BookmarkKind; id: number }) {
  const { t } = useTranslation('journey');
  const { online } = useNetwork();
  const list = useBookmarks();
  const set = useSetBookmark();
  const isSet =
    kind === 'concepts'
      ? (list.data?.concepts.some((b) => b.topicId === id) ?? false)
      : (list.data?.questions.some((b) => b.questionId === id) ?? false);
  const label = !online
    ? t('bookmarks.offline')
    : isSet
      ? t('bookmarks.remove')
      : t(kind === 'concepts' ? 'bookmarks.addConcept' : 'bookmarks.addQuestion');
  return (
    <button
      type="button"
      className="ki-icon-button ki-bookmark"
      aria-label={label}
      title={label}
      aria-pressed={isSet}
      aria-busy={set.isPending || undefined}
      disabled={!online || list.isPending || set.isPending}
      data-testid={`bookmark-${kind}-${id}`}
      onClick={() =>
        set.mutate(
          { kind, id, bookmarked: !isSet },
          {
            onSuccess: (r) =>
              notifications.show({
                color: 'teal',
                message: r.bookmarked ? t('bookmarks.added') : t('bookmarks.removed'),
                autoClose: 3000,
              }),
          },
        )
      }
    >
      {isSet ? <IconBookmarkFilled size={22} /> : <IconBookmark size={22} />}
    </button>
  );
}
