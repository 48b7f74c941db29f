import { useParams } from 'react-router';
import { ClassRoomPage } from './class-room-page';
import { ClassRoomsPage } from './class-rooms-page';

/**
 * /class-rooms and /class-rooms/* (access-and-app-shell.md 2.1): the list of the caller's classes,
 * or the class room the rest of the path names. One module for both, so the app's entry names one
 * import and the two pages share one chunk (two made the build split Mantine's shared parts anew,
 * which the sign-in pages paid for).
 */
export function ClassRoomsRoute() {
  const rest = useParams()['*'];
  return rest ? <ClassRoomPage rest={rest} /> : <ClassRoomsPage />;
}
