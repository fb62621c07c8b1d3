/*
 * pfsmix_jni.h — what pfsmix's native libraries (fs-shim's libpfsmix-posix, fs-ceph's libpfsmix-ceph, fs-orangefs's
 * libpfsmix-orangefs) share: failures reported as io.pfsmix.fs.posix.ErrnoException(call, errno, reason), and strings
 * across JNI. Each library includes it once and calls pfsmix_jni_load from its JNI_OnLoad (or lets pfsmix_jni_onload be
 * its JNI_OnLoad); the helpers are inline so that a library need not use them all.
 */
#ifndef PFSMIX_JNI_H
#define PFSMIX_JNI_H

#include <errno.h>
#include <jni.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jclass errno_exception;
static jmethodID errno_exception_init;
static jclass byte_array;
/* Object[], for results of several arrays */
static jclass object_class;

/* Caches the classes the helpers below use; returns JNI_ERR (an exception pending) when one is missing. */
static inline jint pfsmix_jni_load(JNIEnv *env) {
  jclass local = (*env)->FindClass(env, "io/pfsmix/fs/posix/ErrnoException");
  if (local == NULL) return JNI_ERR;
  errno_exception = (*env)->NewGlobalRef(env, local);
  errno_exception_init = (*env)->GetMethodID(env, local, "<init>", "(Ljava/lang/String;ILjava/lang/String;)V");
  if (errno_exception_init == NULL) return JNI_ERR;
  local = (*env)->FindClass(env, "[B");
  if (local == NULL) return JNI_ERR;
  byte_array = (*env)->NewGlobalRef(env, local);
  local = (*env)->FindClass(env, "java/lang/Object");
  if (local == NULL) return JNI_ERR;
  object_class = (*env)->NewGlobalRef(env, local);
  return JNI_OK;
}

/* The JNI_OnLoad of a library that needs nothing beyond what pfsmix_jni_load caches. */
static inline jint pfsmix_jni_onload(JavaVM *vm) {
  JNIEnv *env;
  if ((*vm)->GetEnv(vm, (void **) &env, JNI_VERSION_1_8) != JNI_OK || pfsmix_jni_load(env) != JNI_OK) {
    return JNI_ERR;
  }
  return JNI_VERSION_1_8;
}

/* Throws ErrnoException(call, errno, reason); reason NULL means strerror(errno). Keeps an exception already pending. */
static inline void throw_errno(JNIEnv *env, const char *call, int error, const char *reason) {
  if ((*env)->ExceptionCheck(env)) return;
  char buffer[256];
  if (reason == NULL) {
    reason = strerror_r(error, buffer, sizeof buffer);
  }
  jstring jcall = (*env)->NewStringUTF(env, call);
  jstring jreason = (*env)->NewStringUTF(env, reason);
  if (jcall == NULL || jreason == NULL) return;
  jobject exception = (*env)->NewObject(env, errno_exception, errno_exception_init, jcall, (jint) error, jreason);
  if (exception != NULL) (*env)->Throw(env, exception);
}

/* Bytes from Java (a path, UTF-8) as a C string, refused when they hold a NUL byte; NULL with an exception. */
static inline char *c_string(JNIEnv *env, jbyteArray bytes, const char *what) {
  jsize length = (*env)->GetArrayLength(env, bytes);
  char *text = malloc((size_t) length + 1);
  if (text == NULL) {
    throw_errno(env, "malloc", ENOMEM, NULL);
    return NULL;
  }
  (*env)->GetByteArrayRegion(env, bytes, 0, length, (jbyte *) text);
  text[length] = '\0';
  if (memchr(text, '\0', (size_t) length) != NULL) {
    free(text);
    char reason[64];
    snprintf(reason, sizeof reason, "the %s holds a NUL byte", what);
    throw_errno(env, what, EINVAL, reason);
    return NULL;
  }
  return text;
}

/* A Java string (an xattr, user, group, option or pool name) as a C string; NULL with an exception. */
static inline char *utf_string(JNIEnv *env, jstring name) {
  const char *utf = (*env)->GetStringUTFChars(env, name, NULL);
  if (utf == NULL) return NULL;
  char *copy = strdup(utf);
  (*env)->ReleaseStringUTFChars(env, name, utf);
  if (copy == NULL) throw_errno(env, "strdup", ENOMEM, NULL);
  return copy;
}

/* A byte[] holding a copy of the bytes; NULL with an exception. */
static inline jbyteArray java_bytes(JNIEnv *env, const char *bytes, size_t length) {
  jbyteArray result = (*env)->NewByteArray(env, (jsize) length);
  if (result != NULL) (*env)->SetByteArrayRegion(env, result, 0, (jsize) length, (const jbyte *) bytes);
  return result;
}

#endif
