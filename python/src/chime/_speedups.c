/*
 * chime._speedups: the per-fire work of chime.Schedule in C — calling chime_schedule_next, and
 * turning chime_fire structs into aware datetimes and Fire objects — where ctypes and Python
 * bytecode cost several times the engine's answer. Optional: without it the package does the
 * same in Python (_schedule.py), with the same answers (python/tests/test_schedule.py holds both).
 *
 * It links against nothing of Chime's: setup() receives chime_schedule_next's address from the
 * ctypes library already loaded, so one libChimeC serves both paths.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <datetime.h>
#include <structmember.h>
#include <stdint.h>

/* chime.h's chime_fire (the header is the contract; the layout test in _schedule.py checks size). */
typedef struct {
    int64_t utc_seconds;
    int32_t nanosecond, offset_seconds, year, month, day, hour, minute, second, fold, is_dst, adjustment, abbreviation;
} chime_fire;

typedef int (*next_function)(const void *schedule, int64_t seconds, int32_t nanosecond, int backward, chime_fire *fire);

static next_function schedule_next = NULL;
static PyTypeObject *fire_type = NULL;      /* chime.Fire (a frozen dataclass with slots) */
static PyObject *adjustment_names = NULL;   /* tuple of str, by adjustment id */
static PyObject *abbreviation_of = NULL;    /* callable: id -> str (cached on the Python side) */
static PyObject *abbreviations = NULL;      /* dict: id -> str */
static PyObject *field_names[4];            /* instant, offset, abbreviation, adjustment */
static Py_ssize_t field_offsets[4];         /* where Fire's slots are, in an instance */
#define CACHED_ABBREVIATIONS 4096
static PyObject *abbreviation_cache[CACHED_ABBREVIATIONS];   /* by id, filled as met */
static PyObject *utcoffset_name = NULL;

static PyObject *setup(PyObject *self, PyObject *args) {
    unsigned long long address;
    PyObject *type, *adjustments, *lookup;
    if (!PyArg_ParseTuple(args, "KOO!O", &address, &type, &PyTuple_Type, &adjustments, &lookup)) return NULL;
    if (!PyType_Check(type)) { PyErr_SetString(PyExc_TypeError, "Fire must be a type"); return NULL; }
    /* Fire's fields are slots (member descriptors): their offsets let a new instance be filled
     * directly, as a frozen dataclass's own __init__ does through object.__setattr__. */
    for (int i = 0; i < 4; i++) {
        PyObject *descriptor = PyObject_GetAttr(type, field_names[i]);
        if (!descriptor) return NULL;
        int is_slot = Py_IS_TYPE(descriptor, &PyMemberDescr_Type)
            && ((PyMemberDescrObject *)descriptor)->d_member->type == T_OBJECT_EX;
        if (is_slot) field_offsets[i] = ((PyMemberDescrObject *)descriptor)->d_member->offset;
        Py_DECREF(descriptor);
        if (!is_slot) { PyErr_SetString(PyExc_TypeError, "Fire's fields must be slots"); return NULL; }
    }
    schedule_next = (next_function)(uintptr_t)address;
    Py_XSETREF(fire_type, (PyTypeObject *)Py_NewRef(type));
    Py_XSETREF(adjustment_names, Py_NewRef(adjustments));
    Py_XSETREF(abbreviation_of, Py_NewRef(lookup));
    if (!abbreviations && !(abbreviations = PyDict_New())) return NULL;
    Py_RETURN_NONE;
}

static PyObject *abbreviation_text(int32_t id) {
    if (id >= 0 && id < CACHED_ABBREVIATIONS && abbreviation_cache[id]) return Py_NewRef(abbreviation_cache[id]);
    PyObject *key = PyLong_FromLong(id);
    if (!key) return NULL;
    PyObject *text = PyDict_GetItemWithError(abbreviations, key);   /* borrowed */
    if (text) { Py_DECREF(key); return Py_NewRef(text); }
    if (PyErr_Occurred()) { Py_DECREF(key); return NULL; }
    text = PyObject_CallOneArg(abbreviation_of, key);
    if (text && PyDict_SetItem(abbreviations, key, text) < 0) Py_CLEAR(text);
    if (text && id >= 0 && id < CACHED_ABBREVIATIONS) abbreviation_cache[id] = Py_NewRef(text);
    Py_DECREF(key);
    return text;
}

/* The aware datetime of a fire: in `tz` when tz gives the fire's offset there, else in the fixed
 * zone `fixed(offset, abbreviation)` returns. */
static PyObject *instant_of(const chime_fire *f, PyObject *tz, PyObject *fixed, PyObject *abbreviation) {
    int microsecond = f->nanosecond / 1000;
    if (tz != Py_False && tz != Py_None) {
        PyObject *dt = PyDateTimeAPI->DateTime_FromDateAndTimeAndFold(f->year, f->month, f->day, f->hour, f->minute, f->second,
                                                                        microsecond, tz, f->fold, PyDateTimeAPI->DateTimeType);
        if (!dt) return NULL;
        PyObject *offset = PyObject_CallMethodNoArgs(dt, utcoffset_name);
        if (!offset) { Py_DECREF(dt); return NULL; }
        int agrees = PyDelta_Check(offset) && PyDateTime_DELTA_GET_MICROSECONDS(offset) == 0
            && (int64_t)PyDateTime_DELTA_GET_DAYS(offset) * 86400 + PyDateTime_DELTA_GET_SECONDS(offset) == f->offset_seconds;
        Py_DECREF(offset);
        if (agrees) return dt;
        Py_DECREF(dt);   /* Python's zone data differs here: Chime's offset, named */
    }
    PyObject *zone = PyObject_CallFunction(fixed, "iO", (int)f->offset_seconds, abbreviation);
    if (!zone) return NULL;
    PyObject *dt = PyDateTimeAPI->DateTime_FromDateAndTime(f->year, f->month, f->day, f->hour, f->minute, f->second,
                                                            microsecond, zone, PyDateTimeAPI->DateTimeType);
    Py_DECREF(zone);
    return dt;
}

/* A chime.Fire, its slots set directly (a frozen dataclass refuses setattr, not the slots). */
static PyObject *fire_of(const chime_fire *f, PyObject *tz, PyObject *fixed) {
    if (f->adjustment < 0 || f->adjustment >= PyTuple_GET_SIZE(adjustment_names)) {
        PyErr_SetString(PyExc_ValueError, "unknown adjustment id");
        return NULL;
    }
    PyObject *abbreviation = abbreviation_text(f->abbreviation);
    if (!abbreviation) return NULL;
    PyObject *values[4] = {instant_of(f, tz, fixed, abbreviation), PyLong_FromLong(f->offset_seconds), abbreviation,
                           Py_NewRef(PyTuple_GET_ITEM(adjustment_names, f->adjustment))};
    PyObject *fire = NULL;
    if (values[0] && values[1]) fire = fire_type->tp_alloc(fire_type, 0);
    if (!fire) {
        for (int i = 0; i < 4; i++) Py_XDECREF(values[i]);
        return NULL;
    }
    for (int i = 0; i < 4; i++) *(PyObject **)((char *)fire + field_offsets[i]) = values[i];   /* the new references move in */
    return fire;
}

/* next(handle, seconds, nanosecond, backward, tz, fixed, last) -> Fire | None | status (int < 0);
 * `last`, a list of three, becomes [the fire's instant, its seconds, its nanosecond to the
 * microsecond]: what a chained next(fire.instant) needs, without converting it back. */
static PyObject *next(PyObject *self, PyObject *const *args, Py_ssize_t count) {
    if (count != 7 || !PyList_Check(args[6]) || PyList_GET_SIZE(args[6]) != 3) {
        PyErr_SetString(PyExc_TypeError, "next takes 7 arguments, the last a list of three");
        return NULL;
    }
    if (!schedule_next) { PyErr_SetString(PyExc_RuntimeError, "setup() first"); return NULL; }
    void *handle = PyLong_AsVoidPtr(args[0]);
    long long seconds = PyLong_AsLongLong(args[1]);
    long nanosecond = PyLong_AsLong(args[2]);
    long backward = PyLong_AsLong(args[3]);
    if (PyErr_Occurred()) return NULL;
    if (nanosecond < 0 || nanosecond > 999999999) return PyLong_FromLong(-1);
    chime_fire fire;
    int found;
    Py_BEGIN_ALLOW_THREADS
    found = schedule_next(handle, (int64_t)seconds, (int32_t)nanosecond, (int)backward, &fire);
    Py_END_ALLOW_THREADS
    if (found == 0) Py_RETURN_NONE;
    if (found != 1) return PyLong_FromLong(found);
    PyObject *made = fire_of(&fire, args[4], args[5]);
    if (!made) return NULL;
    PyObject *seconds_object = PyLong_FromLongLong(fire.utc_seconds);
    PyObject *nanosecond_object = PyLong_FromLong(fire.nanosecond - fire.nanosecond % 1000);
    if (!seconds_object || !nanosecond_object) {
        Py_XDECREF(seconds_object); Py_XDECREF(nanosecond_object); Py_DECREF(made);
        return NULL;
    }
    /* The instant is the Fire's first slot. */
    PyObject *instant = *(PyObject **)((char *)made + field_offsets[0]);
    PyList_SetItem(args[6], 0, Py_NewRef(instant));   /* steals the new references */
    PyList_SetItem(args[6], 1, seconds_object);
    PyList_SetItem(args[6], 2, nanosecond_object);
    return made;
}

/* fires(address, count, tz, fixed, until) -> (list of Fire, reached_until): `count` chime_fire
 * structs at `address`, stopping before the first at or after `until` ((seconds, nanosecond) or None). */
static PyObject *fires(PyObject *self, PyObject *const *args, Py_ssize_t count) {
    if (count != 5) { PyErr_SetString(PyExc_TypeError, "fires takes 5 arguments"); return NULL; }
    const chime_fire *structs = PyLong_AsVoidPtr(args[0]);
    Py_ssize_t n = PyLong_AsSsize_t(args[1]);
    if (PyErr_Occurred()) return NULL;
    long long until_seconds = 0;
    long until_nanosecond = 0;
    int bounded = args[4] != Py_None;
    if (bounded && !PyArg_ParseTuple(args[4], "Ll", &until_seconds, &until_nanosecond)) return NULL;
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    int reached = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        const chime_fire *f = &structs[i];
        if (bounded && (f->utc_seconds > until_seconds || (f->utc_seconds == until_seconds && f->nanosecond >= until_nanosecond))) {
            reached = 1;
            break;
        }
        PyObject *made = fire_of(f, args[2], args[3]);
        if (!made || PyList_Append(list, made) < 0) { Py_XDECREF(made); Py_DECREF(list); return NULL; }
        Py_DECREF(made);
    }
    return Py_BuildValue("(NO)", list, reached ? Py_True : Py_False);
}

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS, "setup(address of chime_schedule_next, Fire, adjustment names, abbreviation lookup)"},
    {"next", (PyCFunction)(void (*)(void))next, METH_FASTCALL, "next(handle, seconds, nanosecond, backward, tz, fixed)"},
    {"fires", (PyCFunction)(void (*)(void))fires, METH_FASTCALL, "fires(address, count, tz, fixed, until)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "chime._speedups", NULL, -1, methods};

PyMODINIT_FUNC PyInit__speedups(void) {
    PyDateTime_IMPORT;
    if (!PyDateTimeAPI) return NULL;
    const char *names[4] = {"instant", "offset", "abbreviation", "adjustment"};
    for (int i = 0; i < 4; i++) {
        if (!(field_names[i] = PyUnicode_InternFromString(names[i]))) return NULL;
    }
    if (!(utcoffset_name = PyUnicode_InternFromString("utcoffset"))) return NULL;
    return PyModule_Create(&module);
}
