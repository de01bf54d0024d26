import { addDays } from 'shared/contract';
// The bodies of POST /reservations the list benchmarks measure (page of 50 unless a body says otherwise): the
// unfiltered page, the filters of a day's work, the dashboard's lists and deep pages in every kind of sort.

/** Label and body, for the client `clientId` (the first stay's in the benches) and the Paris day `today`. */
export function listBodies(clientId: number, today: string): [string, object][] {
  return [
    ['sans filtre (page 1)', {}],
    ['client_id', { client_id: clientId }],
    [
      'statut confirmée ou en cours + dates (30 j)',
      { statut: ['confirmee', 'en_cours'], start_date: today, end_date: addDays(today, 30) },
    ],
    ['recherche pensionnaire « dia »', { pensionnaire: 'dia' }],
    ['etat = prolongable', { etat: 'prolongable' }],
    ['tableau de bord « à prolonger »', { jours: 'a_prolonger', etat: 'prolongable' }],
    ['tri pensionnaire, page 200', { sort: 'pensionnaire', page: 200 }],
    ['tri client (décroissant), page 200', { sort: 'client', order: 'desc', page: 200 }],
    ['tri établissement, page 200', { sort: 'etablissement', page: 200 }],
    ['tri date de fin, page 200', { sort: 'date_fin', page: 200 }],
    ['sans filtre, page 2 000 (dernière)', { page: 2000 }],
  ];
}

/**
 * Searches of every breadth, from a name matching nothing to one letter (the counts of the large set), sorted by the
 * default order, by the searched name and one page further: what a search costs as its matches grow. Residents
 * mostly; a client and a hotel matching nothing or a few stays (their rows have a thousand stays each).
 */
export function searchBodies(): [string, object][] {
  const terms = [
    ['« zzzq » (aucun)', 'pensionnaire', 'zzzq'],
    ['« Mansouri Lina » (57 séjours)', 'pensionnaire', 'Mansouri Lina'],
    ['« Kovalenko » (2 521)', 'pensionnaire', 'Kovalenko'],
    ['« Yilmaz » (3 051)', 'pensionnaire', 'Yilmaz'],
    ['« dia » (9 424)', 'pensionnaire', 'dia'],
    ['« ma » (30 755)', 'pensionnaire', 'ma'],
    ['« e » (61 432)', 'pensionnaire', 'e'],
    ['client « zzzq » (aucun)', 'client', 'zzzq'],
    ['client « Coallia Mérignac » (1 113)', 'client', 'Coallia Mérignac'],
    ['établissement « Kyriad Marseille » (71)', 'etablissement', 'Kyriad Marseille'],
  ] as const;
  return terms.flatMap(([label, dimension, text]) => [
    [label, { [dimension]: text }],
    [
      `${label}, tri ${dimension === 'etablissement' ? 'établissement' : dimension}`,
      { [dimension]: text, sort: dimension },
    ],
    [`${label}, page 3`, { [dimension]: text, page: 3 }],
  ]);
}
