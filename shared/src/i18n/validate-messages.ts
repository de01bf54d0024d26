/** French default form messages (spec §5), given to antd's ConfigProvider `form.validateMessages`. */
const typeTemplate = "La valeur du champ ${label} n'est pas valide (${type} attendu)";

export const validateMessages = {
  default: 'Erreur de validation pour le champ ${label}',
  required: 'Le champ ${label} est obligatoire',
  enum: 'La valeur du champ ${label} doit être parmi [${enum}]',
  whitespace: 'Le champ ${label} ne peut pas être vide',
  date: {
    format: "La valeur du champ ${label} n'est pas au format date",
    parse: 'La valeur du champ ${label} ne peut pas être convertie en date',
    invalid: "La valeur du champ ${label} n'est pas une date valide",
  },
  types: {
    string: typeTemplate,
    method: typeTemplate,
    array: typeTemplate,
    object: typeTemplate,
    number: "La valeur du champ ${label} n'est pas un nombre valide",
    date: "La valeur du champ ${label} n'est pas une date valide",
    boolean: typeTemplate,
    integer: "La valeur du champ ${label} n'est pas un nombre entier valide",
    float: "La valeur du champ ${label} n'est pas un nombre valide",
    regexp: typeTemplate,
    email: "La valeur du champ ${label} n'est pas une adresse e-mail valide",
    url: "La valeur du champ ${label} n'est pas une URL valide",
    hex: typeTemplate,
  },
  string: {
    len: 'Le champ ${label} doit contenir exactement ${len} caractères',
    min: 'Le champ ${label} doit contenir au moins ${min} caractères',
    max: 'Le champ ${label} doit contenir au plus ${max} caractères',
    range: 'Le champ ${label} doit contenir entre ${min} et ${max} caractères',
  },
  number: {
    len: 'La valeur du champ ${label} doit être égale à ${len}',
    min: 'La valeur du champ ${label} doit être supérieure ou égale à ${min}',
    max: 'La valeur du champ ${label} doit être inférieure ou égale à ${max}',
    range: 'La valeur du champ ${label} doit être comprise entre ${min} et ${max}',
  },
  array: {
    len: 'Le champ ${label} doit contenir ${len} éléments',
    min: 'Le champ ${label} doit contenir au moins ${min} éléments',
    max: 'Le champ ${label} doit contenir au plus ${max} éléments',
    range: 'Le champ ${label} doit contenir entre ${min} et ${max} éléments',
  },
  pattern: {
    mismatch: "Le format du champ ${label} n'est pas valide",
  },
};
