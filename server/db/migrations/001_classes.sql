-- A class: the lesson it runs, where it is, and the lecturer's secret (its SHA-256 only).
CREATE TABLE classes (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  lecturer_hash text NOT NULL,
  tour jsonb NOT NULL,
  step integer NOT NULL DEFAULT 0,
  free boolean NOT NULL DEFAULT false,
  paused boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  active_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);

-- Who joined: a pseudonym and the student's secret (its SHA-256 only).
CREATE TABLE students (
  id serial PRIMARY KEY,
  class_id integer NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  key_hash text NOT NULL UNIQUE,
  pseudonym text NOT NULL,
  joined_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX students_class ON students (class_id);

-- One answer a student a step: a resend finds it there and changes nothing.
CREATE TABLE answers (
  student_id integer NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  class_id integer NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  step integer NOT NULL,
  prediction jsonb NOT NULL,
  value double precision,
  answered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (student_id, step)
);
CREATE INDEX answers_class ON answers (class_id, step);

-- A step revealed, with the answer the lecturer's run gave.
CREATE TABLE reveals (
  class_id integer NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
  step integer NOT NULL,
  truth jsonb NOT NULL,
  revealed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (class_id, step)
);
