import { useParams } from 'react-router-dom';

/** The `:id` route parameter as a record id, or null when it is not a positive integer (the page shows a 404). */
export function useRecordId(): number | null {
  const { id } = useParams();
  return id !== undefined && /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null;
}
